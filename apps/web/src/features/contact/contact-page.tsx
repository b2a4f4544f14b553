import { Breadcrumbs } from '../../components/breadcrumbs'
import { PageHeader } from '../../components/page-header'
import { SectionHeading } from '../../components/section-heading'
import { usePageMeta } from '../../components/use-page-meta'
import { ContactForm } from './contact-form'
import { ContactTiles } from './contact-tiles'

export function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Find Doctors Portal dental clinic: address, phone, e-mail and opening hours (8.00AM to 6.00PM).',
  )
  return (
    <>
      <PageHeader title="contact us" breadcrumb={<Breadcrumbs current="contact us" />} />
      <section aria-labelledby="find-us-title" className="bg-base-100">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
          <SectionHeading id="find-us-title" eyebrow="HOW TO FIND US" title="We are Here to Help You" />
          <ContactTiles />
          <ContactForm />
        </div>
      </section>
    </>
  )
}
