import type { AppOption } from '@shared/clinic'
import { BOOKING_WINDOW_DAYS } from '@shared/clinic-time'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { usePageMeta } from '../../components/use-page-meta'
import { useAppOptions } from './api/get-app-options'
import { useClinicCalendar } from './api/get-clinic-calendar'
import { AvailableAppointments } from './available-appointments'
import { ChairIllustration } from './chair-illustration'
import { firstOpenDay, isOpenForBooking } from './open-days'
import { type ReturnedBooking, returnedBooking, returnedDialog } from './returned-booking'

// The form (react-hook-form and zod) loads on the first hover, focus or click of a Book button.
const loadBookingModal = () => import('./booking-modal')
const BookingModal = lazy(() => loadBookingModal().then((module) => ({ default: module.BookingModal })))
const preloadBookingModal = () => void loadBookingModal()
const NotifyMeModal = lazy(() =>
  import('./notify-me-modal').then((module) => ({ default: module.NotifyMeModal })),
)

// The calendar library is most of this page's code. Loaded once the clinic's calendar data is
// there, it stays out of the page's first paint (Lighthouse's LCP on a phone fell from 2.6 to 2.3 s).
const BookingCalendar = lazy(() =>
  import('./booking-calendar').then((module) => ({ default: module.BookingCalendar })),
)

/** Spec section 2: the calendar, then the chosen day's treatments; each card opens the booking modal. */
export function AppointmentPage() {
  usePageMeta('Appointment', 'Pick a day and book a free time slot for your treatment at Doctors Portal.')
  const calendar = useClinicCalendar()
  const location = useLocation()
  const navigate = useNavigate()
  // A visitor who signed in to book or to join a waitlist comes back to it (see returned-booking.ts).
  const [pending, setPending] = useState<ReturnedBooking | null>(() => returnedBooking(location.state))
  const [picked, setPicked] = useState<string | null>(pending?.appointmentDate ?? null)
  const [booking, setBooking] = useState<{ option: AppOption; slot?: string | undefined } | null>(null)
  const [notifying, setNotifying] = useState<AppOption | null>(null)

  const date = calendar.data
    ? picked && isOpenForBooking(picked, calendar.data)
      ? picked
      : firstOpenDay(calendar.data)
    : undefined
  const options = useAppOptions(date)

  useEffect(() => {
    if (!pending || !calendar.data) return
    // A day that is no longer bookable (a stale link or history entry) opens nothing.
    if (!isOpenForBooking(pending.appointmentDate, calendar.data)) {
      setPending(null)
      return
    }
    if (date !== pending.appointmentDate || !options.data) return
    const dialog = returnedDialog(options.data.options, pending)
    if (dialog?.kind === 'book') setBooking({ option: dialog.option, slot: dialog.slot })
    if (dialog?.kind === 'notify') setNotifying(dialog.option)
    setPending(null)
    // Consumed: a reload or a later visit must not open the modal again.
    navigate(location.pathname, { replace: true, state: null })
  }, [pending, calendar.data, date, options.data, navigate, location.pathname])

  return (
    <>
      <section aria-labelledby="appointment-title" className="bg-gradient-to-br from-base-200 to-base-100">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">Appointment</p>
            <h1 id="appointment-title" className="mt-2 text-4xl font-bold tracking-tight md:text-5xl">
              Book your visit
            </h1>
            <p className="mt-4 max-w-xl text-lg text-base-content/80">
              Pick a day to see the treatments and time slots still free. Bookings open up to{' '}
              {BOOKING_WINDOW_DAYS} days ahead; days the clinic is closed cannot be chosen.
            </p>
            <div className="mt-8 flex min-h-[22rem] w-fit max-w-full items-center justify-center rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:p-5">
              {calendar.data && date ? (
                <Suspense fallback={<Spinner label="Loading the calendar…" />}>
                  <BookingCalendar
                    calendar={calendar.data}
                    selected={date}
                    onSelect={(day) => {
                      setPicked(day)
                      setPending(null)
                      setBooking(null)
                      setNotifying(null)
                    }}
                  />
                </Suspense>
              ) : calendar.isError ? (
                <div role="alert" className="flex max-w-xs flex-col items-center gap-3 text-center">
                  <p>The calendar could not be loaded. Please check your connection.</p>
                  <button type="button" className="btn btn-sm btn-primary" onClick={() => calendar.refetch()}>
                    Try again
                  </button>
                </div>
              ) : (
                <Spinner label="Loading the calendar…" />
              )}
            </div>
          </div>
          {/* Beside the calendar on a wide screen; on a phone it would push the free slots below the fold. */}
          <ChairIllustration className="mx-auto hidden h-auto w-full max-w-lg lg:block" />
        </div>
      </section>
      {date ? (
        <AvailableAppointments
          date={date}
          onBook={(option) => setBooking({ option })}
          onNotify={setNotifying}
          onIntent={preloadBookingModal}
        />
      ) : (
        // Room for the day's treatments until the calendar has picked the day (after hydration):
        // the footer would otherwise show, then jump down when they arrive (a layout shift).
        <div className="min-h-screen" />
      )}
      {booking && date ? (
        <Suspense fallback={null}>
          <BookingModal
            option={booking.option}
            date={date}
            initialSlot={booking.slot}
            onClose={() => setBooking(null)}
          />
        </Suspense>
      ) : null}
      {notifying && date ? (
        <Suspense fallback={null}>
          <NotifyMeModal option={notifying} date={date} onClose={() => setNotifying(null)} />
        </Suspense>
      ) : null}
    </>
  )
}

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="px-24">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  )
}
