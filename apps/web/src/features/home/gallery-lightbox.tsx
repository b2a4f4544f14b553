import Lightbox from 'yet-another-react-lightbox'
import Counter from 'yet-another-react-lightbox/plugins/counter'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import 'yet-another-react-lightbox/styles.css'
import 'yet-another-react-lightbox/plugins/counter.css'
import { galleryImages } from '../../content/gallery'

// The illustrations are vectors: declaring them at twice their size lets the zoom go up to 4×.
const ZOOM_SCALE = 2
const slides = galleryImages.map((image) => ({
  src: image.src,
  alt: image.alt,
  width: image.width * ZOOM_SCALE,
  height: image.height * ZOOM_SCALE,
}))

type GalleryLightboxProps = {
  index: number
  onView: (index: number) => void
  onClose: () => void
}

/**
 * Loaded on first use only (dynamic import from the gallery). Arrows, counter, zoom and drag;
 * Escape closes and the arrow keys move (spec section 2). The library renders a modal dialog whose
 * slides region is aria-live, so each move is announced as "n of 5".
 */
export function GalleryLightbox({ index, onView, onClose }: GalleryLightboxProps) {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Counter, Zoom]}
      on={{ view: ({ index: current }) => onView(current) }}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      animation={reducedMotion ? { fade: 0, swipe: 0, zoom: 0 } : { swipe: 500 }}
      labels={{ 'Photo gallery': 'Clinic photo gallery', Lightbox: 'Clinic photo gallery' }}
    />
  )
}
