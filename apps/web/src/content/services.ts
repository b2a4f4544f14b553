import type { ImageAsset } from './images'

/** Spec section 3, service card: id, title, image, description. */
export type Service = { id: string; title: string; image: ImageAsset; description: string }

const illustration = (id: string, alt: string): ImageAsset => ({
  src: `/images/services/${id}.svg`,
  width: 240,
  height: 180,
  alt,
})

export const services: Service[] = [
  {
    id: 'fluoride-treatment',
    title: 'Fluoride Treatment',
    image: illustration('fluoride-treatment', 'A tooth protected by a shield'),
    description: 'A quick, painless varnish that strengthens enamel and protects teeth against decay.',
  },
  {
    id: 'cavity-filling',
    title: 'Cavity Filling',
    image: illustration('cavity-filling', 'A tooth with a neat tooth-coloured filling'),
    description: 'Tooth-coloured fillings that repair decay and blend in with your natural smile.',
  },
  {
    id: 'teeth-whitening',
    title: 'Teeth Whitening',
    image: illustration('teeth-whitening', 'A shining white tooth'),
    description: 'Professional whitening that lifts years of stains safely in a single visit.',
  },
]
