import type { ReactNode } from 'react'

type PageHeaderProps = { title: string; eyebrow?: string; breadcrumb?: ReactNode; children?: ReactNode }

/** The banner at the top of the inner public pages. */
export function PageHeader({ title, eyebrow, breadcrumb, children }: PageHeaderProps) {
  return (
    <section className="bg-gradient-to-br from-base-200 via-base-100 to-base-300/60">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20 lg:px-8">
        {breadcrumb}
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-bold capitalize tracking-tight text-base-content md:text-5xl">
          {title}
        </h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-base-content/80">{children}</div>}
      </div>
    </section>
  )
}
