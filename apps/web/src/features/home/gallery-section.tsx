import { Expand } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { AssetImage } from '../../components/asset-image'
import { SectionHeading } from '../../components/section-heading'
import { galleryImages } from '../../content/gallery'

const loadLightbox = () => import('./gallery-lightbox')
const GalleryLightbox = lazy(() => loadLightbox().then((module) => ({ default: module.GalleryLightbox })))

export function GallerySection() {
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const lastViewed = useRef(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const close = () => {
    setOpenIndex(null)
    // Back on the thumbnail of the image seen last, so keyboard users keep their place.
    buttons.current[lastViewed.current]?.focus()
  }

  return (
    <section id="gallery" aria-labelledby="gallery-title" className="scroll-mt-20 bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="gallery-title" eyebrow="Gallery" title="A Look Inside Our Clinic">
          <p>Select a picture to see it larger, zoom in and browse the others.</p>
        </SectionHeading>
        <ul className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-3">
          {galleryImages.map((image, index) => (
            <li key={image.src} className={index === 0 ? 'col-span-2 md:row-span-2' : ''}>
              <button
                ref={(element) => {
                  buttons.current[index] = element
                }}
                type="button"
                data-testid="gallery-image"
                className="group relative block h-full w-full cursor-zoom-in overflow-hidden rounded-box bg-base-100 shadow-sm"
                onPointerEnter={loadLightbox}
                onFocus={loadLightbox}
                onClick={() => {
                  lastViewed.current = index
                  setOpenIndex(index)
                }}
              >
                <AssetImage
                  image={image}
                  className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                />
                <span className="absolute right-2 bottom-2 rounded-full bg-base-100/90 p-2 text-primary shadow">
                  <Expand className="size-4" aria-hidden="true" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {openIndex !== null && (
        <Suspense fallback={null}>
          <GalleryLightbox
            index={openIndex}
            onView={(index) => {
              lastViewed.current = index
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </section>
  )
}
