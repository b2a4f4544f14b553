export const CLINIC_NAME = 'Doctors Portal'
export const CLINIC_ADDRESS = 'New York - 101010 Hudson'
export const OPENING_HOURS = '8.00AM to 6.00PM'

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

export type SocialNetwork = 'facebook' | 'twitter' | 'instagram'

export const socialLinks: { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'facebook', label: 'Doctors Portal on Facebook', href: 'https://www.facebook.com/' },
  { network: 'twitter', label: 'Doctors Portal on X (Twitter)', href: 'https://x.com/' },
  { network: 'instagram', label: 'Doctors Portal on Instagram', href: 'https://www.instagram.com/' },
]
