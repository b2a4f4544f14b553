import type { Booking } from '@shared/bookings'
import { BOOKING_MESSAGES } from '@shared/bookings'
import type { ClinicCalendarReply } from '@shared/clinic'
import { formatMediumDate } from '@shared/clinic-time'
import { useState } from 'react'
import { LoadFailed, Loading } from '../../components/load-states'
import { ModalDialog } from '../../components/modal-dialog'
import { SelectField } from '../../components/text-field'
import { userMessage } from '../../lib/http'
import {
  BookingCalendar,
  firstOpenDay,
  isOpenForBooking,
  useAppOptions,
  useClinicCalendar,
} from '../appointment'
import { usePaymentConfig } from '../payment'
import { useRescheduleBooking } from './api/reschedule-booking'

type RescheduleDialogProps = { booking: Booking; now: number; onClose: () => void }

const HOUR_MS = 3_600_000

/**
 * Another day and time of the same treatment, from the clinic's calendar and the day's
 * free slots. Until REFUND_CUTOFF_HOURS before the appointment, as the server allows; a slot taken
 * meanwhile is said here, and the patient picks another.
 */
export function RescheduleDialog({ booking, now, onClose }: RescheduleDialogProps) {
  const calendar = useClinicCalendar()
  const cutoffHours = usePaymentConfig().data?.refundCutoffHours
  const tooLate = cutoffHours !== undefined && Date.parse(booking.startsAt) - now < cutoffHours * HOUR_MS
  return (
    <ModalDialog title="Reschedule appointment" onClose={onClose}>
      <p>
        <strong>{booking.treatmentName}</strong> for {booking.patientName}, now on{' '}
        {formatMediumDate(booking.appointmentDate)}, {booking.slot}.
      </p>
      {tooLate ? (
        <>
          <p className="mt-2 font-medium">{BOOKING_MESSAGES.rescheduleCutoffPassed(cutoffHours)}</p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : calendar.data ? (
        <NewSlotPicker booking={booking} calendar={calendar.data} onClose={onClose} />
      ) : calendar.isError ? (
        <LoadFailed what="The calendar" error={calendar.error} onRetry={() => calendar.refetch()} />
      ) : (
        <Loading label="Loading the calendar…" />
      )}
    </ModalDialog>
  )
}

type NewSlotPickerProps = { booking: Booking; calendar: ClinicCalendarReply; onClose: () => void }

function NewSlotPicker({ booking, calendar, onClose }: NewSlotPickerProps) {
  const [date, setDate] = useState(() =>
    isOpenForBooking(booking.appointmentDate, calendar) ? booking.appointmentDate : firstOpenDay(calendar),
  )
  const [picked, setPicked] = useState('')
  const options = useAppOptions(date)
  const move = useRescheduleBooking(booking._id, onClose)
  const free = options.data?.options.find((option) => option.name === booking.treatmentName)?.slots ?? []
  const slot = free.includes(picked) ? picked : (free[0] ?? '')

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex justify-center">
        <BookingCalendar
          calendar={calendar}
          selected={date}
          onSelect={(day) => {
            setDate(day)
            move.reset()
          }}
        />
      </div>
      {options.data ? (
        free.length > 0 ? (
          <SelectField
            compact
            label={`New time on ${formatMediumDate(date)}`}
            options={free}
            value={slot}
            onChange={(event) => {
              setPicked(event.target.value)
              move.reset()
            }}
          />
        ) : (
          <p className="font-medium">
            {booking.treatmentName} has no free time on {formatMediumDate(date)}. Please choose another day.
          </p>
        )
      ) : options.isError ? (
        <LoadFailed what="The free times" error={options.error} onRetry={() => options.refetch()} />
      ) : (
        <Loading label="Loading the free times…" />
      )}
      {move.isError ? (
        <p role="alert" className="alert alert-error alert-soft">
          {userMessage(move.error)}
        </p>
      ) : null}
      <div className="modal-action mt-0">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Keep Current Time
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!slot || move.isPending}
          onClick={() => move.mutate({ appointmentDate: date, slot })}
        >
          {move.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Move Appointment
        </button>
      </div>
    </div>
  )
}
