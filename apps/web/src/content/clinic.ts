export const CLINIC_NAME = 'Doctors Portal'
export const CLINIC_ADDRESS = 'New York - 101010 Hudson'
export const OPENING_HOURS = '8.00AM to 6.00PM'
// Spec section 2: the contact details are static sample data (555 numbers and .example are reserved).
export const CLINIC_PHONE = '+1 (212) 555-0147'
export const CLINIC_PHONE_HREF = 'tel:+12125550147'
export const CLINIC_EMAIL = 'care@doctors-portal.example'

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
