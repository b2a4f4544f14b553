import type { ImageAsset } from '../content/images'

type AssetImageProps = {
  image: ImageAsset
  className?: string
  /** Above the fold: load at once and first. Everything else loads lazily. */
  priority?: boolean
}

/** An <img> with its intrinsic size, so the layout never shifts, and lazy loading below the fold. */
export function AssetImage({ image, className, priority = false }: AssetImageProps) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  )
}
