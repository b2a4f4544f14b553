import { usePageMeta } from '../../components/use-page-meta'
import { AppDownloadSection } from './app-download-section'
import { AppointmentPromoSection } from './appointment-promo-section'
import { FaqSection } from './faq-section'
import { FewTapsSection } from './few-taps-section'
import { GallerySection } from './gallery-section'
import { HomeHero } from './home-hero'
import { InfoCardsSection } from './info-cards-section'
import { MedicalHelpSection } from './medical-help-section'
import { PricingSection } from './pricing-section'
import { ServicesSection } from './services-section'
import { TestimonialsSection } from './testimonials-section'
import { TreatmentPromoSection } from './treatment-promo-section'

/** Spec sections 1 and 9: the twelve home sections, in the spec's order. */
export function HomePage() {
  usePageMeta(
    'Home',
    'Your new smile starts here: check-ups, whitening, braces and implants at Doctors Portal dental clinic. See our prices and book online.',
  )
  return (
    <>
      <HomeHero />
      <InfoCardsSection />
      <ServicesSection />
      <TreatmentPromoSection />
      <AppointmentPromoSection />
      <PricingSection />
      <GallerySection />
      <FaqSection />
      <AppDownloadSection />
      <MedicalHelpSection />
      <FewTapsSection />
      <TestimonialsSection />
    </>
  )
}
