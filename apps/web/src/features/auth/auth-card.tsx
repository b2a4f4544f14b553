import type { ReactNode } from 'react'

/** The centred card that holds the login and registration forms. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center bg-base-200 px-4 py-16">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  )
}
