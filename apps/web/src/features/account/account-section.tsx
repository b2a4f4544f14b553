import { type ReactNode, useId } from 'react'

/** One card of the account page, named by its heading. */
export function AccountSection({
  title,
  tone = 'normal',
  children,
}: {
  title: string
  tone?: 'normal' | 'danger'
  children: ReactNode
}) {
  const headingId = useId()
  const border = tone === 'danger' ? 'border-error/40' : 'border-base-300'
  return (
    <section aria-labelledby={headingId} className={`rounded-box border ${border} bg-base-100 p-4 sm:p-6`}>
      <h2 id={headingId} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  )
}
