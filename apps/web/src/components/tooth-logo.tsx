const TOOTH_PATH =
  'M21 11c-6.5 0-11 5-11 12.5 0 5.5 2.6 8.6 3.8 13.6C15.4 44 16.6 54 21.5 54c4.2 0 4.4-7.6 5.9-12.4.9-3 2-4.3 4.6-4.3s3.7 1.3 4.6 4.3C38.1 46.4 38.3 54 42.5 54c4.9 0 6.1-10 7.7-16.9 1.2-5 3.8-8.1 3.8-13.6C54 16 49.5 11 43 11c-5 0-7.6 3-11 3s-6-3-11-3z'

/** The clinic's tooth mark; decorative, so screen readers skip it. */
export function ToothLogo({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path d={TOOTH_PATH} className="fill-primary-content" />
    </svg>
  )
}
