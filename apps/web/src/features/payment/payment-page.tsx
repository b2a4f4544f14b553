import type { Booking } from '@shared/bookings'
import type { PaymentConfigReply } from '@shared/payments'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { DashboardHeading } from '../../components/dashboard-heading'
import { Loading } from '../../components/load-states'
import { ApiError, userMessage } from '../../lib/http'
import { usePageTitle } from '../../lib/use-page-title'
import { bookingQueryOptions } from '../appointment'
import { usePaymentConfig } from './api/get-payment-config'
import { Checkout } from './checkout'
import { amountDue } from './payable'
import { PaymentSummary } from './payment-summary'

/** Spec sections 2 and 5: paying one booking by card, from its Pay button on My Appointment. */
export function PaymentPage() {
  usePageTitle('Payment')
  const { id = '' } = useParams()
  const booking = useQuery(bookingQueryOptions(id))
  const config = usePaymentConfig()

  return (
    <>
      <DashboardHeading>Payment</DashboardHeading>
      <div className="mt-6">
        {booking.data && config.data ? (
          <PaymentOrReason booking={booking.data} config={config.data} />
        ) : booking.error || config.error ? (
          <LoadFailure
            error={booking.error ?? config.error}
            retry={() => Promise.all([booking.refetch(), config.refetch()])}
          />
        ) : (
          <Loading label="Loading the appointment…" />
        )}
      </div>
    </>
  )
}

function PaymentOrReason({ booking, config }: { booking: Booking; config: PaymentConfigReply }) {
  const due = amountDue(booking, Date.now())
  if ('notPayable' in due) return <NotPayable message={due.notPayable} />
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <PaymentSummary booking={booking} price={due.price} />
      <Checkout booking={booking} price={due.price} config={config} />
    </div>
  )
}

function NotPayable({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-box border border-base-300 p-6">
      <p>{message}</p>
      <BackLink />
    </div>
  )
}

function LoadFailure({ error, retry }: { error: unknown; retry: () => unknown }) {
  // A booking that does not exist and another patient's get the same 404 (never "not yours").
  const missing = error instanceof ApiError && error.code === 'NOT_FOUND'
  return (
    <div role="alert" className="alert alert-error alert-soft flex-wrap">
      <p>{missing ? userMessage(error) : `This appointment could not be loaded. ${userMessage(error)}`}</p>
      {missing ? (
        <BackLink />
      ) : (
        <button type="button" className="btn btn-sm btn-error" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  )
}

const BackLink = () => (
  <Link to="/dashboard" className="btn btn-sm btn-outline">
    Back to My Appointment
  </Link>
)
