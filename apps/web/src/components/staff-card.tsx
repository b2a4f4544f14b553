import { Mail } from 'lucide-react'
import { teamSocialLinks } from '../content/clinic'
import type { StaffMember } from '../content/staff'
import { AssetImage } from './asset-image'
import { SocialIcon } from './social-icons'

/** A staff member's card (spec section 3); the Team page adds the four social buttons. */
export function StaffCard({ member, withSocials = false }: { member: StaffMember; withSocials?: boolean }) {
  return (
    <article
      data-testid="staff-card"
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm"
    >
      <AssetImage image={member.img} className="aspect-square h-auto w-full bg-base-200 object-cover" />
      <div className="card-body gap-2">
        <h3 className="card-title">{member.name}</h3>
        <p className="font-semibold text-primary">{member.post}</p>
        <a
          href={`mailto:${member.email}`}
          className="link-hover link flex items-center gap-2 break-all text-sm"
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {member.email}
        </a>
        <p className="text-base-content/80">{member.details}</p>
        {withSocials && (
          <ul className="mt-2 flex gap-2" aria-label={`Follow ${member.name}'s clinic`}>
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
