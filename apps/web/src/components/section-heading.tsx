import type { ReactNode } from 'react'

type SectionHeadingProps = {
  id: string
  eyebrow?: string
  title: string
  children?: ReactNode
  align?: 'center' | 'start'
  tone?: 'default' | 'inverse'
}

/** The eyebrow, heading and intro of a page section; `id` labels the section (aria-labelledby). */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  tone = 'default',
}: SectionHeadingProps) {
  const inverse = tone === 'inverse'
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p
          className={`text-sm font-semibold uppercase tracking-widest ${inverse ? 'text-accent' : 'text-primary'}`}
        >
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">
        {title}
      </h2>
      {children && (
        <div className={`mt-4 text-lg ${inverse ? 'opacity-90' : 'text-base-content/80'}`}>{children}</div>
      )}
    </div>
  )
}
