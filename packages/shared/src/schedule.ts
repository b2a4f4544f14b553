import { z } from 'zod'
import { ClinicDate } from './clinic'
import { formatClockTime, formatMediumDate } from './clinic-time'
import { Id } from './ids'
import { freeText, isPlainText, PLAIN_TEXT_MESSAGE } from './text'
import { CATEGORY_MESSAGE, TreatmentCategory } from './treatment-categories'

/** The largest fee a treatment can have, in whole taka (the bookings' price has the same bound). */
export const MAX_PRICE_TK = 10_000_000
export const SLOT_MIN_MINUTES = 5
export const SLOT_MAX_MINUTES = 480
/** 0 = Sunday … 6 = Saturday, as `weekdayOf` and `clinic_closed_weekdays` count. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** What the admins' treatments page says: toasts, refusals and the affected-bookings question. */
export const SCHEDULE_MESSAGES = {
  treatmentAdded: 'Treatment added',
  treatmentSaved: 'Treatment saved',
  treatmentRetired: 'Treatment retired',
  slotAdded: 'Time slot added',
  slotRemoved: 'Time slot removed',
  weekdaysSaved: 'Closed days saved',
  holidayAdded: 'Holiday added',
  holidayRemoved: 'Holiday removed',
  nameRequired: 'Treatment name is Required',
  nameTaken: 'A treatment with this name is already offered.',
  price: `The price must be a whole number of taka from 0 to ${MAX_PRICE_TK}, or empty for none.`,
  category: CATEGORY_MESSAGE,
  nothingToChange: 'Please give a new name, price or category.',
  treatmentNotFound: 'This treatment does not exist.',
  treatmentRetiredAlready: 'This treatment is retired and can no longer be changed.',
  slotStart: 'Please give the start time as HH:MM (24-hour clinic time).',
  slotMinutes: `The length must be a whole number of minutes from ${SLOT_MIN_MINUTES} to ${SLOT_MAX_MINUTES}.`,
  slotPastMidnight: 'A time slot must end by midnight.',
  slotExists: (start: string) =>
    `This treatment already has a time slot starting at ${formatClockTime(start)}.`,
  slotNotFound: 'This time slot is no longer offered.',
  weekdays: 'Please choose weekdays from Sunday (0) to Saturday (6), each once.',
  holidayExists: (date: string) => `${formatMediumDate(date)} is already a holiday.`,
  holidayNotFound: 'This date is not a holiday.',
  reasonTooLong: 'The reason must be 100 characters or fewer.',
  /** The 409 of a change that would touch upcoming appointments when the admin has not chosen. */
  bookingsAffected: (n: number) =>
    `This change affects ${plural(n, 'upcoming appointment')}. Choose whether to keep them or to cancel them and notify the patients.`,
  /** What happened to them once the admin chose; `cancelled` counts the refunded ones too. */
  outcome: ({ kept, cancelled, refunded }: AffectedOutcome) =>
    [
      cancelled > 0
        ? `${plural(cancelled, 'appointment')} cancelled${refunded > 0 ? ` (${refunded} paid, refunded in full)` : ''} and the patients notified`
        : '',
      kept > 0 ? `${plural(kept, 'appointment')} kept` : '',
    ]
      .filter(Boolean)
      .join('; '),
  /** A paid appointment's refund failed: the change is not made; the refunds made before it stand. */
  refundFailed: (refunded: number) =>
    [
      'The payment provider could not refund a paid appointment, so the change was not made. Please try again.',
      refunded > 0 ? `${plural(refunded, 'paid appointment')} refunded before it stay cancelled.` : '',
    ]
      .filter(Boolean)
      .join(' '),
} as const

export const TreatmentName = freeText({
  required: SCHEDULE_MESSAGES.nameRequired,
  max: 100,
  tooLong: 'The treatment name must be 100 characters or fewer.',
})

/** Fee in whole taka, or null for a treatment without a fee. */
export const PriceTk = z
  .number({ error: SCHEDULE_MESSAGES.price })
  .int(SCHEDULE_MESSAGES.price)
  .min(0, SCHEDULE_MESSAGES.price)
  .max(MAX_PRICE_TK, SCHEDULE_MESSAGES.price)
  .nullable()

export const CreateTreatmentBody = z.object({
  name: TreatmentName,
  price: PriceTk,
  /** Without one (a client older than the categories), the database's default group. */
  category: TreatmentCategory.optional(),
})
export type CreateTreatmentBody = z.infer<typeof CreateTreatmentBody>

/** Any of name, price and category; existing bookings keep the name and price they were made with. */
export const UpdateTreatmentBody = z
  .object({
    name: TreatmentName.optional(),
    price: PriceTk.optional(),
    category: TreatmentCategory.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.price !== undefined || body.category !== undefined,
    SCHEDULE_MESSAGES.nothingToChange,
  )
export type UpdateTreatmentBody = z.infer<typeof UpdateTreatmentBody>

const START_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
const minuteOfDay = (start: string) => Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5))

export const AddSlotBody = z
  .object({
    start: z.string({ error: SCHEDULE_MESSAGES.slotStart }).regex(START_PATTERN, SCHEDULE_MESSAGES.slotStart),
    minutes: z
      .number({ error: SCHEDULE_MESSAGES.slotMinutes })
      .int(SCHEDULE_MESSAGES.slotMinutes)
      .min(SLOT_MIN_MINUTES, SCHEDULE_MESSAGES.slotMinutes)
      .max(SLOT_MAX_MINUTES, SCHEDULE_MESSAGES.slotMinutes),
  })
  .refine((slot) => minuteOfDay(slot.start) + slot.minutes <= 24 * 60, {
    path: ['minutes'],
    error: SCHEDULE_MESSAGES.slotPastMidnight,
  })
export type AddSlotBody = z.infer<typeof AddSlotBody>

/**
 * What to do with the upcoming appointments a change would leave without their treatment, slot
 * or open day: keep them, or cancel them with a notice mail to each patient (paid ones refunded
 * in full first). Without it, a change that affects any is refused with BOOKINGS_AFFECTED.
 */
export const AffectedBookings = z.enum(['keep', 'cancel'], { error: "Please choose 'keep' or 'cancel'." })
export type AffectedBookings = z.infer<typeof AffectedBookings>

export const AffectedBookingsQuery = z.object({ affectedBookings: AffectedBookings.optional() })

export const Weekday = z.number({ error: SCHEDULE_MESSAGES.weekdays }).int(SCHEDULE_MESSAGES.weekdays)
const Weekdays = z
  .array(Weekday.min(0, SCHEDULE_MESSAGES.weekdays).max(6, SCHEDULE_MESSAGES.weekdays), {
    error: SCHEDULE_MESSAGES.weekdays,
  })
  .max(7, SCHEDULE_MESSAGES.weekdays)
  .refine((days) => new Set(days).size === days.length, SCHEDULE_MESSAGES.weekdays)

/** The whole list of weekly closed days: days not in it are open. */
export const ClosedWeekdaysBody = z.object({
  weekdays: Weekdays,
  affectedBookings: AffectedBookings.optional(),
})
export type ClosedWeekdaysBody = z.infer<typeof ClosedWeekdaysBody>

/** `?weekdays=0,5`: the list the admin is about to save. */
export const ClosedWeekdaysQuery = z.object({
  weekdays: z
    .string({ error: SCHEDULE_MESSAGES.weekdays })
    .regex(/^([0-6](,[0-6]){0,6})?$/, SCHEDULE_MESSAGES.weekdays)
    .transform((list) => (list ? list.split(',').map(Number) : []))
    .pipe(Weekdays),
})

export const HolidayReason = z
  .string({ error: PLAIN_TEXT_MESSAGE })
  .trim()
  .max(100, SCHEDULE_MESSAGES.reasonTooLong)
  .refine(isPlainText, PLAIN_TEXT_MESSAGE)

export const AddHolidayBody = z.object({
  date: ClinicDate,
  reason: HolidayReason.default(''),
  affectedBookings: AffectedBookings.optional(),
})
export type AddHolidayBody = z.input<typeof AddHolidayBody>

export const HolidayParams = z.object({ date: ClinicDate })
export const TreatmentParams = z.object({ id: Id })
export const SlotParams = z.object({ id: Id })

/** A slot as the admin edits it: clinic-local start 'HH:MM', length, and the label patients see. */
export const AdminSlot = z.object({
  _id: z.string(),
  start: z.string(),
  minutes: z.number().int(),
  label: z.string(),
})
export type AdminSlot = z.infer<typeof AdminSlot>

export const AdminTreatment = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().int().nullable(),
  category: TreatmentCategory,
  /** ISO instant it was retired; null while offered. */
  retiredAt: z.string().nullable(),
  slots: z.array(AdminSlot),
})
export type AdminTreatment = z.infer<typeof AdminTreatment>

export const Holiday = z.object({ date: z.string(), reason: z.string() })
export type Holiday = z.infer<typeof Holiday>

/** `GET /api/schedule`: every treatment (offered first, then retired), the closed weekdays, the holidays from today on. */
export const ScheduleReply = z.object({
  treatments: z.array(AdminTreatment),
  closedWeekdays: z.array(z.number().int()),
  holidays: z.array(Holiday),
})
export type ScheduleReply = z.infer<typeof ScheduleReply>

/** How many upcoming appointments a change would affect, and how many of them are paid. */
export const ImpactReply = z.object({ bookings: z.number().int(), paid: z.number().int() })
export type ImpactReply = z.infer<typeof ImpactReply>

/** `cancelled` counts every appointment the change cancelled; `refunded`, the paid ones among them. */
export const AffectedOutcome = z.object({
  kept: z.number().int(),
  cancelled: z.number().int(),
  refunded: z.number().int(),
})
export type AffectedOutcome = z.infer<typeof AffectedOutcome>

export const TreatmentReply = z.object({ treatment: AdminTreatment })
export type TreatmentReply = z.infer<typeof TreatmentReply>
export const RetireTreatmentReply = z.object({ treatment: AdminTreatment, affected: AffectedOutcome })
export type RetireTreatmentReply = z.infer<typeof RetireTreatmentReply>
export const SlotReply = z.object({ slot: AdminSlot })
export type SlotReply = z.infer<typeof SlotReply>
export const RemoveSlotReply = z.object({ affected: AffectedOutcome })
export type RemoveSlotReply = z.infer<typeof RemoveSlotReply>
export const ClosedWeekdaysReply = z.object({
  closedWeekdays: z.array(z.number().int()),
  affected: AffectedOutcome,
})
export type ClosedWeekdaysReply = z.infer<typeof ClosedWeekdaysReply>
export const HolidayReply = z.object({ holiday: Holiday, affected: AffectedOutcome })
export type HolidayReply = z.infer<typeof HolidayReply>
