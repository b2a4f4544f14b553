import { MapPin } from 'lucide-react'
import { Link } from 'react-router'
import {
  CLINIC_ADDRESS,
  CLINIC_NAME,
  oralHealthLinks,
  type SiteLink,
  serviceLinks,
  socialLinks,
} from '../content/clinic'
import { SocialIcon } from './social-icons'
import { ToothLogo } from './tooth-logo'

function LinkColumn({ title, links }: { title: string; links: SiteLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-widest text-primary">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="rounded text-base-content/80 hover:text-primary hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The spec's copyright line carries a fixed 2022; it names the visitor's current year (decision 0027). */
export function SiteFooter() {
  return (
    <footer className="border-t border-base-300 bg-base-200">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="flex w-fit items-center gap-2 rounded-lg text-xl font-bold">
            <ToothLogo />
            <span>{CLINIC_NAME}</span>
          </Link>
          <p className="mt-4 max-w-xs text-base-content/80">
            Gentle, modern dentistry for the whole family, from first check-up to a brand new smile.
          </p>
        </div>
        <LinkColumn title="Services" links={serviceLinks} />
        <LinkColumn title="Oral Health" links={oralHealthLinks} />
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-sm font-bold uppercase tracking-widest text-primary">Our Address</h2>
          <address className="mt-4 flex items-start gap-2 not-italic text-base-content/80">
            <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            {CLINIC_ADDRESS}
          </address>
          <ul className="mt-5 flex gap-3">
            {socialLinks.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-circle btn-primary"
                >
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-base-300 py-5 text-center text-sm text-base-content/80">
        Copyright {new Date().getFullYear()} All Rights Reserved
      </p>
    </footer>
  )
}
