import { Link } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { usePageTitle } from '../../lib/use-page-title'

export function AboutPage() {
  usePageTitle('About Us')
  return (
    <PageHeader title="about us" eyebrow="New smiles">
      <p>Friendly dentists, modern equipment and unhurried appointments: welcome to our clinic.</p>
      <Link to="/appointment" className="btn btn-primary mt-6">
        Make An Appointment
      </Link>
    </PageHeader>
  )
}
