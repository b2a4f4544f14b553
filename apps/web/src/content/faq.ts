import { CLINIC_EMAIL, CLINIC_PHONE, OPENING_HOURS } from './clinic'

export type FaqEntry = { id: string; question: string; answer: string }

// Spec section 9: nine entries; the FAQ's hours differ from the working-hours card and both are shown.
export const faqEntries: FaqEntry[] = [
  {
    id: 'hours',
    question: 'What are your opening hours?',
    answer: `Our dentists see patients from 9:00 AM to 5:00 PM Monday to Friday and 9:00 AM to 2:00 PM Saturday. The front desk answers calls ${OPENING_HOURS}.`,
  },
  {
    id: 'services',
    question: 'Which services do you offer?',
    answer:
      'Check-ups, cleanings, fluoride treatment, fillings, whitening, veneers, braces and Invisalign, root canals, extractions and dental implants.',
  },
  {
    id: 'insurance',
    question: 'Do you accept dental insurance?',
    answer: 'Yes. We work with most insurance plans and send the claim to your insurer for you.',
  },
  {
    id: 'emergency',
    question: 'What should I do in a dental emergency?',
    answer: `Call us on ${CLINIC_PHONE}: our 24 hour emergency service will tell you what to do and see you as soon as possible.`,
  },
  {
    id: 'check-up-frequency',
    question: 'How often should I have a check-up?',
    answer: 'We recommend a check-up every six months, so small problems are caught before they grow.',
  },
  {
    id: 'cost',
    question: 'How much does a treatment cost?',
    answer:
      'A new patient check-up is $130 and a regular examination $80. Every price is listed in the pricing section above, in dollars.',
  },
  {
    id: 'sedation',
    question: 'Do you offer sedation for nervous patients?',
    answer: 'Yes. We offer sedation services so you can stay calm and comfortable during your treatment.',
  },
  {
    id: 'implant-time',
    question: 'How long does a dental implant take?',
    answer:
      'Implants take several months from start to finish, because the jaw needs time to heal around the implant before the crown is fitted.',
  },
  {
    id: 'booking',
    question: 'How do I book an appointment?',
    answer: `Open the Appointment page, pick a date and a free time slot, and confirm. You can also call ${CLINIC_PHONE} or write to ${CLINIC_EMAIL}.`,
  },
]
