import { SectionHeading } from '../../components/section-heading'
import { faqEntries } from '../../content/faq'

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-base-100">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently Asked Questions" />
        <div className="mt-10 space-y-3">
          {faqEntries.map((entry) => (
            // Native disclosure: keyboard and screen-reader support without any script.
            <details
              key={entry.id}
              data-testid="faq-entry"
              className="collapse collapse-arrow border border-base-300 bg-base-100"
            >
              <summary className="collapse-title font-semibold focus-visible:outline-3 focus-visible:outline-secondary focus-visible:-outline-offset-3 focus-visible:outline-solid">
                {entry.question}
              </summary>
              <div className="collapse-content text-base-content/80">
                <p>{entry.answer}</p>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
