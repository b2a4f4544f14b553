import { Clock, type LucideIcon, MapPin, PhoneCall } from 'lucide-react'
import { CLINIC_ADDRESS, CLINIC_PHONE, OPENING_HOURS } from './clinic'

/** Spec section 3, clinic info card: id, heading, bodyText, bgClass, img (an icon here). */
export type InfoCard = { id: string; heading: string; bodyText: string; bgClass: string; img: LucideIcon }

export const infoCards: InfoCard[] = [
  {
    id: 'opening-hours',
    heading: 'Opening Hours',
    bodyText: OPENING_HOURS,
    bgClass: 'bg-primary text-primary-content',
    img: Clock,
  },
  {
    id: 'location',
    heading: 'Visit our location',
    bodyText: CLINIC_ADDRESS,
    bgClass: 'bg-neutral text-neutral-content',
    img: MapPin,
  },
  {
    id: 'contact',
    heading: 'Contact us now',
    bodyText: CLINIC_PHONE,
    bgClass: 'bg-secondary text-secondary-content',
    img: PhoneCall,
  },
]
