/** An image under `public/`: its intrinsic size is set on every <img> so nothing shifts while it loads. */
export type ImageAsset = { src: string; width: number; height: number; alt: string }
