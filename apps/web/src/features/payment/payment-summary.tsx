import type { Booking } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'

/** Spec section 8: the service, when and for whom, its price in TK and a total equal to it. */
export function PaymentSummary({ booking, price }: { booking: Booking; price: number }) {
  const rows = [
    ['Treatment', booking.treatmentName],
    ['Date', formatMediumDate(booking.appointmentDate)],
    ['Time', booking.slot],
    ['Patient', booking.patientName],
    ['Price', `${price} TK`],
  ] as const
  return (
    <section aria-labelledby="payment-summary" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <h2 id="payment-summary" className="card-title">
          Service summary
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-base-content/80">{term}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
          <div className="col-span-2 flex justify-between border-t border-base-300 pt-2 text-lg font-bold">
            <dt>Total</dt>
            <dd>
              {price}{' '}
              <abbr title="Bangladeshi taka" className="no-underline">
                TK
              </abbr>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  )
}
