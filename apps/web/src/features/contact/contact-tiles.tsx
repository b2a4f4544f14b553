import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import {
  CLINIC_ADDRESS,
  CLINIC_EMAIL,
  CLINIC_PHONE,
  CLINIC_PHONE_HREF,
  OPENING_HOURS,
} from '../../content/clinic'

// Spec section 2: four tiles of static sample data.
const tiles = [
  { icon: MapPin, title: 'Address', text: CLINIC_ADDRESS },
  { icon: Phone, title: 'Phone', text: CLINIC_PHONE, href: CLINIC_PHONE_HREF },
  { icon: Mail, title: 'E-mail', text: CLINIC_EMAIL, href: `mailto:${CLINIC_EMAIL}` },
  { icon: Clock, title: 'Opening hours', text: OPENING_HOURS },
]

export function ContactTiles() {
  return (
    <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {tiles.map(({ icon: Icon, title, text, href }) => (
        <li key={title} data-testid="contact-tile" className="rounded-box bg-base-200 p-6 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary text-primary-content">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          {href ? (
            <a href={href} className="link link-hover mt-1 block break-words">
              {text}
            </a>
          ) : (
            <p className="mt-1">{text}</p>
          )}
        </li>
      ))}
    </ul>
  )
}
