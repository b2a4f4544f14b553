import { infoCards } from '../../content/info-cards'

export function InfoCardsSection() {
  return (
    <section aria-labelledby="info-title" className="bg-base-100">
      <div className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 lg:px-8">
        <h2 id="info-title" className="sr-only">
          Clinic information
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {infoCards.map(({ id, heading, bodyText, bgClass, img: Icon }) => (
            <li key={id} className={`flex items-center gap-5 rounded-box p-6 shadow-md ${bgClass}`}>
              <Icon className="size-12 shrink-0" aria-hidden="true" strokeWidth={1.5} />
              <div>
                <h3 className="text-lg font-bold">{heading}</h3>
                <p className="mt-1">{bodyText}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
