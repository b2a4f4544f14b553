import type { ImageAsset } from './images'

/** Spec section 3, gallery image: src (plus the alt text and size every image needs). */
export type GalleryImage = ImageAsset

const scene = (file: string, alt: string): GalleryImage => ({
  src: `/images/gallery/${file}.svg`,
  width: 1200,
  height: 800,
  alt,
})

// Spec section 9: five images.
export const galleryImages: GalleryImage[] = [
  scene('reception', 'The bright reception desk where our team welcomes you'),
  scene('treatment-room', 'A modern treatment room with a dental chair and an overhead lamp'),
  scene('digital-x-ray', 'A dentist reviewing a digital panoramic X-ray on a large screen'),
  scene('instruments', 'A tray of sterilised dental instruments laid out for a visit'),
  scene('waiting-room', 'A calm waiting room with a sofa, plants and framed pictures'),
]
