export type Service = { id: string; title: string; description: string }

export const services: Service[] = [
  {
    id: 'fluoride-treatment',
    title: 'Fluoride Treatment',
    description: 'A quick, painless varnish that strengthens enamel and protects teeth against decay.',
  },
  {
    id: 'cavity-filling',
    title: 'Cavity Filling',
    description: 'Tooth-coloured fillings that repair decay and blend in with your natural smile.',
  },
  {
    id: 'teeth-whitening',
    title: 'Teeth Whitening',
    description: 'Professional whitening that lifts years of stains safely in a single visit.',
  },
]
