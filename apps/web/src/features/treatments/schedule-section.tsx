import { type ReactNode, useId } from 'react'

/** One card of the treatments page, named by its heading. */
export function ScheduleSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
    >
      <h2 id={headingId} className="mb-4 font-bold text-xl">
        {title}
      </h2>
      {children}
    </section>
  )
}
