export const CLINIC_NAME = 'Doctors Portal'
// Defined in packages/shared, where the API's messages read them too: one source.
export {
  CLINIC_ADDRESS,
  CLINIC_EMAIL,
  CLINIC_PHONE,
  CLINIC_PHONE_HREF,
  OPENING_HOURS,
} from '@shared/clinic-contact'

export type SiteLink = { label: string; to: string }

// Spec section 2 names the footer links but not where they lead: check-ups are booked, treatments are described.
export const serviceLinks: SiteLink[] = [
  { label: 'Emergency Checkup', to: '/appointment' },
  { label: 'Monthly Checkup', to: '/appointment' },
  { label: 'Weekly Checkup', to: '/appointment' },
  { label: 'Deep Checkup', to: '/appointment' },
]

export const oralHealthLinks: SiteLink[] = [
  { label: 'Fluoride Treatment', to: '/#services' },
  { label: 'Cavity Filling', to: '/#services' },
  { label: 'Teeth Whitening', to: '/#services' },
]

export type SocialNetwork = 'facebook' | 'twitter' | 'instagram' | 'linkedin'

export const socialLinks: { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'facebook', label: 'Doctors Portal on Facebook', href: 'https://www.facebook.com/' },
  { network: 'twitter', label: 'Doctors Portal on X (Twitter)', href: 'https://x.com/' },
  { network: 'instagram', label: 'Doctors Portal on Instagram', href: 'https://www.instagram.com/' },
]

/** The clinic's four networks, shown as the four social buttons of every team card. */
export const teamSocialLinks: typeof socialLinks = [
  ...socialLinks,
  { network: 'linkedin', label: 'Doctors Portal on LinkedIn', href: 'https://www.linkedin.com/' },
]
