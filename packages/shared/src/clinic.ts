import { z } from 'zod'
import { BOOKING_WINDOW_DAYS, isDateString } from './clinic-time'
import { TreatmentCategory } from './treatment-categories'

export const DATE_FORMAT_MESSAGE = 'Please give the date as YYYY-MM-DD.'
export const PAST_DATE_MESSAGE = 'This date has passed. Please choose today or a later date.'
export const BEYOND_WINDOW_MESSAGE = `Appointments can be booked up to ${BOOKING_WINDOW_DAYS} days ahead. Please choose an earlier date.`

/** A day of the clinic's calendar, 'YYYY-MM-DD'. */
export const ClinicDate = z.string({ error: DATE_FORMAT_MESSAGE }).refine(isDateString, DATE_FORMAT_MESSAGE)

export const AppOptionsQuery = z.object({ date: ClinicDate })

/** One treatment on one date (spec section 3): its free slot labels in time order, fee in TK. */
export const AppOption = z.object({
  _id: z.string(),
  name: z.string(),
  slots: z.array(z.string()),
  price: z.number().int().nullable(),
})
export type AppOption = z.infer<typeof AppOption>

export const AppOptionsReply = z.object({ options: z.array(AppOption) })
export type AppOptionsReply = z.infer<typeof AppOptionsReply>

/**
 * The home page's prices (decisions 0030, 0037): every treatment offered now with its fee in TK
 * and its category, in the clinic's order.
 */
export const PricesReply = z.object({
  treatments: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      price: z.number().int().nullable(),
      category: TreatmentCategory,
    }),
  ),
})
export type PricesReply = z.infer<typeof PricesReply>

export const SpecialtyReply = z.object({
  specialty: z.array(z.object({ _id: z.string(), name: z.string() })),
})
export type SpecialtyReply = z.infer<typeof SpecialtyReply>

/**
 * What the calendar needs to disable days the way the server refuses them: the clinic's zone
 * and today, the last bookable date, the weekly closed days (0 = Sunday) and the holidays
 * inside the booking window.
 */
export const ClinicCalendarReply = z.object({
  timeZone: z.string(),
  today: z.string(),
  lastBookableDate: z.string(),
  closedWeekdays: z.array(z.number().int().min(0).max(6)),
  holidays: z.array(z.string()),
})
export type ClinicCalendarReply = z.infer<typeof ClinicCalendarReply>
