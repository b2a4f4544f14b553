import type { ReactNode } from 'react'

/** The centred card that holds the login, registration and password forms. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center bg-base-200 px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 sm:p-8">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  )
}

/** The line between the form and the identity-provider button. */
export function OrDivider() {
  return <div className="divider my-0 text-sm text-base-content/75">OR</div>
}
