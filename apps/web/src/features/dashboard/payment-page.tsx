import { useParams } from 'react-router'
import { usePageTitle } from '../../lib/use-page-title'
import { DashboardHeading } from './dashboard-heading'

export function PaymentPage() {
  const { id } = useParams()
  usePageTitle('Payment')
  return (
    <>
      <DashboardHeading>Payment</DashboardHeading>
      <p className="mt-2 text-base-content/80">Booking {id}</p>
    </>
  )
}
