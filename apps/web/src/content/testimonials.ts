import type { ImageAsset } from './images'

/** Spec section 3, testimonial: id, name, address, picture, details. */
export type Testimonial = { id: string; name: string; address: string; picture: ImageAsset; details: string }

const picture = (slug: string, name: string): ImageAsset => ({
  src: `/images/people/${slug}.svg`,
  width: 320,
  height: 320,
  alt: `Portrait of ${name}`,
})

// Spec section 1: three static cards.
export const testimonials: Testimonial[] = [
  {
    id: 'olivia-bennett',
    name: 'Olivia Bennett',
    address: 'Brooklyn, New York',
    picture: picture('olivia-bennett', 'Olivia Bennett'),
    details:
      'I used to dread the dentist. Dr. Lee explained every step, and my whitening results are better than I hoped.',
  },
  {
    id: 'ethan-brooks',
    name: 'Ethan Brooks',
    address: 'Jersey City, New Jersey',
    picture: picture('ethan-brooks', 'Ethan Brooks'),
    details:
      'I cracked a tooth on a Sunday and they saw me the same morning. Friendly, quick and no surprises on the bill.',
  },
  {
    id: 'priya-sharma',
    name: 'Priya Sharma',
    address: 'Queens, New York',
    picture: picture('priya-sharma', 'Priya Sharma'),
    details:
      'Booking online takes a minute and the reminders are handy. My kids actually look forward to their check-ups.',
  },
]
