import type { ImageAsset } from './images'

export type PriceItem = { name: string; price: number }

/** Spec section 3, pricing category: name, picture, items with name and price (dollars). */
export type PricingCategory = { name: string; picture: ImageAsset; items: PriceItem[] }

const picture = (file: string, alt: string): ImageAsset => ({
  src: `/images/pricing/${file}.svg`,
  width: 96,
  height: 96,
  alt,
})

// Spec section 9, prices in dollars. The spec's "laser gum sharping" is a typo for gum shaping.
export const pricingCategories: PricingCategory[] = [
  {
    name: 'Dental Essentials',
    picture: picture('essentials', 'A clipboard with a tooth'),
    items: [
      { name: 'New patient check-up', price: 130 },
      { name: 'Radiographs', price: 15 },
      { name: 'Regular examination', price: 80 },
      { name: 'Emergency consultation', price: 150 },
      { name: 'Panoramic X-ray', price: 60 },
      { name: 'Periodontal consultation', price: 150 },
      { name: 'Dental implant', price: 2750 },
      { name: 'Sedation', price: 350 },
    ],
  },
  {
    name: 'Cosmetic',
    picture: picture('cosmetic', 'A sparkling tooth'),
    items: [
      { name: 'Porcelain veneers', price: 850 },
      { name: 'Teeth whitening', price: 350 },
      { name: 'Enlighten whitening', price: 650 },
      { name: 'Invisalign', price: 3300 },
      { name: 'Braces', price: 3500 },
      { name: 'Laser gum shaping', price: 500 },
      { name: 'Bonding and contouring', price: 475 },
      { name: 'Composite veneers', price: 450 },
    ],
  },
  {
    name: 'Hygiene',
    picture: picture('hygiene', 'A toothbrush'),
    items: [
      { name: '30 min', price: 85 },
      { name: 'Regular examination', price: 80 },
      { name: '45 min', price: 105 },
      { name: '60 min', price: 145 },
      { name: 'Additional airflow', price: 35 },
      { name: 'Scale and polish', price: 79 },
      { name: 'Periodontal deep clean', price: 195 },
    ],
  },
  {
    name: 'Dental Surgery',
    picture: picture('surgery', 'A tooth next to a medical cross'),
    items: [
      { name: 'Simple extraction', price: 200 },
      { name: 'Surgical extraction', price: 250 },
      { name: 'Wisdom tooth extraction', price: 300 },
      { name: 'Gum contouring', price: 50 },
      { name: 'Root canal', price: 465 },
      { name: 'Dental implant', price: 465 },
    ],
  },
]

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
})

/** `2750` → `$2,750`; `49.99` → `$49.99`. */
export const formatDollars = (amount: number): string => dollars.format(amount)
