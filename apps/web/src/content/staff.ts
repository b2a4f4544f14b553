import type { ImageAsset } from './images'

/** Spec section 3, staff member: name, post, email, img, details. */
export type StaffMember = { name: string; post: string; email: string; img: ImageAsset; details: string }

const member = (slug: string, name: string, post: string, details: string): StaffMember => ({
  name,
  post,
  email: `${slug.split('-')[0]}@doctors-portal.example`,
  img: { src: `/images/people/${slug}.svg`, width: 320, height: 320, alt: `Portrait of ${name}` },
  details,
})

// Spec section 9: the Team page shows 8 members; the About page the first 3 (the doctors).
export const teamMembers: StaffMember[] = [
  member(
    'sarah-lee',
    'Dr. Sarah Lee',
    'Lead Dentist',
    'Sarah leads the clinic and loves turning anxious first visits into relaxed routine check-ups.',
  ),
  member(
    'michael-chen',
    'Dr. Michael Chen',
    'Orthodontist',
    'Michael straightens smiles of every age with braces and clear aligners such as Invisalign.',
  ),
  member(
    'amina-rahman',
    'Dr. Amina Rahman',
    'Oral Surgeon',
    'Amina performs extractions and implant surgery with calm precision and gentle aftercare.',
  ),
  member(
    'daniel-okafor',
    'Dr. Daniel Okafor',
    'Periodontist',
    'Daniel treats gum disease and keeps the foundations of your teeth healthy for life.',
  ),
  member(
    'emily-carter',
    'Dr. Emily Carter',
    'Pediatric Dentist',
    'Emily makes dental visits fun for children, from their very first tooth to their teens.',
  ),
  member(
    'rafael-ortiz',
    'Dr. Rafael Ortiz',
    'Endodontist',
    'Rafael saves painful teeth with modern, comfortable root canal treatment.',
  ),
  member(
    'grace-kim',
    'Grace Kim',
    'Dental Hygienist',
    'Grace gives thorough, gentle cleanings and shares practical tips for healthier teeth at home.',
  ),
  member(
    'noah-williams',
    'Noah Williams',
    'Patient Coordinator',
    'Noah plans your visits, explains treatment costs and helps with insurance paperwork.',
  ),
]

export const featuredDoctors: StaffMember[] = teamMembers.slice(0, 3)
