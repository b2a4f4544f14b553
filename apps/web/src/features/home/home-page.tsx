import { usePageTitle } from '../../lib/use-page-title'
import { HomeHero } from './home-hero'
import { ServicesSection } from './services-section'

export function HomePage() {
  usePageTitle('Home')
  return (
    <>
      <HomeHero />
      <ServicesSection />
    </>
  )
}
