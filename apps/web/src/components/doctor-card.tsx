import type { PublicDoctor } from '@shared/doctors'
import { imageSrcSet } from '@shared/images'
import { teamSocialLinks } from '../content/clinic'
import { SocialIcon } from './social-icons'

/**
 * A doctor's card on the public pages (spec section 3, decision 0030): the photo, name and
 * specialty the admins keep on Manage Doctors; the Team page adds the four social buttons.
 * `photoSizes` is the photo's width in the page's grid, so the browser downloads the narrowest
 * stored copy that fills it (decision 0041).
 */
export function DoctorCard({
  doctor,
  photoSizes,
  withSocials = false,
}: {
  doctor: PublicDoctor
  photoSizes: string
  withSocials?: boolean
}) {
  return (
    <article
      data-testid="doctor-card"
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm"
    >
      <img
        src={doctor.image}
        srcSet={imageSrcSet(doctor.image)}
        sizes={photoSizes}
        alt={`Portrait of ${doctor.name}`}
        width={320}
        height={320}
        loading="lazy"
        decoding="async"
        className="aspect-square h-auto w-full bg-base-200 object-cover"
      />
      <div className="card-body gap-2">
        <h3 className="card-title break-words">{doctor.name}</h3>
        <p className="font-semibold text-primary">{doctor.specialty}</p>
        {withSocials && (
          <ul className="mt-2 flex gap-2" aria-label={`Follow ${doctor.name}'s clinic`}>
            {teamSocialLinks.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-circle btn-outline btn-primary btn-sm"
                >
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}
