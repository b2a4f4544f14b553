/** Spec section 3, the static advantages list, in order. */
export type Advantage = { title: string; description: string }

export const advantages: Advantage[] = [
  {
    title: '24 Hour Emergency Service',
    description:
      'Toothache at midnight? Call us any hour of the day and a dentist will help you straight away.',
  },
  {
    title: '50+ Years of Combined Experience',
    description:
      'Our dentists bring more than five decades of shared practice to every check-up and treatment.',
  },
  {
    title: 'Invitation Premier Provider',
    description: 'We are a premier provider by invitation, trusted with the latest treatment systems.',
  },
  {
    title: 'Offering Sedation Services',
    description: 'Nervous about the dentist? Gentle sedation keeps you calm and comfortable throughout.',
  },
  {
    title: 'Work with Most Insurance Plans',
    description: 'We accept most dental insurance plans and handle the paperwork with your insurer for you.',
  },
  {
    title: 'Flexible Payment Options',
    description: 'Spread the cost of larger treatments with payment plans that fit your budget.',
  },
]
