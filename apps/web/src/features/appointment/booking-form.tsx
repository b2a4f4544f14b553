import { zodResolver } from '@hookform/resolvers/zod'
import type { AuthUser } from '@shared/accounts'
import { CreateBookingBody } from '@shared/bookings'
import type { AppOption } from '@shared/clinic'
import { formatMediumDate } from '@shared/clinic-time'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { SelectField, TextField } from '../../components/text-field'
import { fieldBinder } from '../../lib/form-field'
import { useCreateBooking } from './api/create-booking'
import { PatientFormEnd, PhoneNumberField } from './patient-form-parts'
import type { ReturnedBooking } from './returned-booking'

// What the patient types or picks; the rest comes from the account and the card (spec section 5).
const BookingFields = CreateBookingBody.pick({ slot: true, phone: true })

type BookingFormProps = {
  option: AppOption
  date: string
  /** Signed out: the fields show, and a link to /login takes the place of Cancel and Submit. */
  user: AuthUser | null
  initialSlot?: string | undefined
  onClose: () => void
}

export function BookingForm({ option, date, user, initialSlot, onClose }: BookingFormProps) {
  const booking = useCreateBooking(onClose)
  // One send per opening: a double click passes validation twice before the button re-renders.
  const sent = useRef(false)
  const slot = initialSlot && option.slots.includes(initialSlot) ? initialSlot : option.slots[0]
  const form = useForm({
    resolver: zodResolver(BookingFields),
    defaultValues: { slot: slot ?? '', phone: '' },
  })
  const field = fieldBinder(form)
  const { handleSubmit, watch } = form

  const onSubmit = handleSubmit((fields) => {
    if (!user || sent.current) return
    sent.current = true
    booking.mutate({
      ...fields,
      appointmentDate: date,
      treatmentName: option.name,
      patientName: user.displayName,
      email: user.email,
      price: option.price,
    })
  })

  const returned: ReturnedBooking = {
    treatmentId: option._id,
    treatmentName: option.name,
    appointmentDate: date,
    slot: watch('slot'),
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <TextField compact label="Date" value={formatMediumDate(date)} disabled />
      <SelectField compact label="Time" options={option.slots} {...field('slot')} />
      <TextField compact label="Full Name" placeholder="Full Name" value={user?.displayName ?? ''} disabled />
      <TextField compact label="Email" placeholder="Email" type="email" value={user?.email ?? ''} disabled />
      <PhoneNumberField signedIn={!!user} binding={field('phone')} />
      <PatientFormEnd
        signedIn={!!user}
        pending={booking.isPending}
        onClose={onClose}
        signInState={{ from: '/appointment', booking: returned }}
      >
        Submit
      </PatientFormEnd>
    </form>
  )
}
