import { Clock, ShieldCheck } from 'lucide-react'
import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'

const doctorImage = {
  src: '/images/doctor-video.svg',
  width: 520,
  height: 560,
  alt: 'A doctor ready for a video consultation on a phone',
}

// Spec section 1: the marketing claims, doctors available 24/7 and 256-bit encrypted video consultation.
const promises = [
  {
    icon: Clock,
    title: 'Anytime',
    text: 'Doctors available 24/7: reach a dentist by video whenever a tooth starts to hurt.',
  },
  {
    icon: ShieldCheck,
    title: 'Trusted',
    text: 'Video consultations protected with 256-bit encryption, seen only by you and your dentist.',
  },
]

export function MedicalHelpSection() {
  return (
    <section aria-labelledby="medical-help-title" className="bg-base-100">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <SectionHeading
            id="medical-help-title"
            eyebrow="Online consultation"
            title="Get medical help"
            align="start"
          >
            <p>Talk to one of our dentists from home, then come in only when you need to.</p>
          </SectionHeading>
          <ul className="mt-8 space-y-4">
            {promises.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-start gap-4 rounded-box bg-base-200 p-5">
                <Icon className="mt-0.5 size-7 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <h3 className="text-lg font-bold">{title}</h3>
                  <p className="text-base-content/80">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <AssetImage image={doctorImage} className="mx-auto h-auto w-full max-w-sm" />
      </div>
    </section>
  )
}
