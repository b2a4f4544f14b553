import { QrCode } from 'lucide-react'
import { lazy, Suspense, useRef } from 'react'
import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'
import { useNearViewport } from '../../components/use-near-viewport'

const AppQrCode = lazy(() => import('./app-qr-code').then((module) => ({ default: module.AppQrCode })))

const phone = {
  src: '/images/app-phone.svg',
  width: 260,
  height: 480,
  alt: 'The Doctors Portal app on a phone',
}
const badges = [
  { src: '/images/badges/app-store.svg', width: 180, height: 54, alt: 'Download on the App Store' },
  { src: '/images/badges/google-play.svg', width: 180, height: 54, alt: 'Get it on Google Play' },
]

function QrPlaceholder() {
  return (
    <span className="flex size-40 items-center justify-center rounded-lg bg-base-100">
      <QrCode className="size-10 text-base-content/40" aria-hidden="true" />
    </span>
  )
}

export function AppDownloadSection() {
  const qrSlot = useRef<HTMLDivElement>(null)
  const near = useNearViewport(qrSlot)
  return (
    <section aria-labelledby="app-title" className="bg-base-300/60">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[auto_1fr] md:py-20 lg:px-8">
        <AssetImage image={phone} className="mx-auto h-72 w-auto md:h-96" />
        <div>
          <SectionHeading
            id="app-title"
            eyebrow="Mobile app"
            title="Book Your Visit From Your Phone"
            align="start"
          >
            <p>
              Scan the code with your phone's camera to open our booking page and keep it one tap away. Our
              app for iPhone and Android is on its way to the stores.
            </p>
          </SectionHeading>
          <div className="mt-8 flex flex-wrap items-center gap-6">
            <div ref={qrSlot} className="rounded-box bg-base-100 p-2 shadow-sm">
              {near ? (
                <Suspense fallback={<QrPlaceholder />}>
                  <AppQrCode />
                </Suspense>
              ) : (
                <QrPlaceholder />
              )}
            </div>
            <div>
              <ul className="flex flex-wrap gap-3" aria-label="App stores">
                {badges.map((badge) => (
                  <li key={badge.src}>
                    <AssetImage image={badge} className="h-12 w-auto" />
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm font-medium text-base-content/80">Coming soon to both stores.</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  )
}
