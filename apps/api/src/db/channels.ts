/**
 * The channels the database announces changes on (triggers in migrations 0002, 0005, 0006, 0007,
 * 0023, 0024, 0025; docs/database-triggers.md).
 * - auth_changed: an account or a session changed (the session lookups forget).
 * - availability_changed: the dates whose free slots changed (a slot taken or freed), or '' for all.
 * - agenda_changed: the dates whose agenda changed in any other way (a payment, attendance), or '' for all.
 * - patient_bookings_changed: the ids of the patients whose My Appointment list changed, or '' for all.
 * - outbox_ready: mail was written (the sender wakes up).
 */
export const CHANNELS = [
  'auth_changed',
  'availability_changed',
  'agenda_changed',
  'patient_bookings_changed',
  'outbox_ready',
] as const
export type Channel = (typeof CHANNELS)[number]

/** Runs for each announcement; '' also means "anything may have changed" (a listener reconnected). */
export type OnNotify = (payload: string) => void
