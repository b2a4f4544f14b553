import type { AuditEvent } from '@shared/audit'
import type { AuditLogEntry } from '@shared/audit-log'
import { formatMediumDate, isDateString, slotLabel } from '@shared/clinic-time'

type Detail = AuditLogEntry['detail']

const text = (detail: Detail, key: string) => {
  const value = detail[key]
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}
const count = (detail: Detail, key: string) => (typeof detail[key] === 'number' ? detail[key] : 0)
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
const taka = (minor: unknown) => (typeof minor === 'number' ? `${minor / 100} TK` : 'an amount')
const day = (date: string | undefined) => (date && isDateString(date) ? formatMediumDate(date) : 'a day')

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays']
const weekdays = (value: unknown) => {
  const names = Array.isArray(value) ? value.map((d) => WEEKDAYS[d as number]).filter(Boolean) : []
  return names.length > 0 ? names.join(', ') : 'no days'
}

/** Who did it: the admin's name, or the account itself for what people do for themselves. */
const actorOf = (entry: AuditLogEntry) => entry.actor?.name ?? 'The system'
/** Whom it is about: the account's name while it exists, else the e-mail the entry recorded. */
const subjectOf = (entry: AuditLogEntry) => entry.subjectName ?? entry.subject ?? 'an account'

const appointmentOf = (entry: AuditLogEntry) =>
  entry.booking
    ? `${entry.booking.treatment} on ${day(entry.booking.date)} at ${entry.booking.slot}`
    : 'an appointment'

/** '2 appointments kept, 1 cancelled (1 refunded)'; nothing when no appointment was affected. */
function outcome(detail: Detail): string {
  const kept = count(detail, 'kept')
  const cancelled = count(detail, 'cancelled')
  const refunded = count(detail, 'refunded')
  const parts = [
    kept > 0 ? `${plural(kept, 'appointment')} kept` : '',
    cancelled > 0
      ? `${plural(cancelled, 'appointment')} cancelled${refunded > 0 ? ` (${refunded} refunded)` : ''}`
      : '',
  ].filter(Boolean)
  return parts.length > 0 ? `; ${parts.join(', ')}` : ''
}

const SIGN_IN_WAYS: Record<string, string> = { google: ' with Google', sign_in_link: ' with a sign-in link' }

const treatmentName = (detail: Detail) =>
  text(detail, 'name') ?? text(detail, 'treatment') ?? 'a removed treatment'
/** 'Scaling (Hygiene, 900 TK)'; entries older than the categories have none. */
const priced = (value: unknown) => {
  const fields = (value ?? {}) as Record<string, unknown>
  const name = typeof fields.name === 'string' ? fields.name : 'a removed treatment'
  const group = typeof fields.category === 'string' ? `${fields.category}, ` : ''
  return `${name} (${group}${typeof fields.price === 'number' ? `${fields.price} TK` : 'no price'})`
}
const slotOf = (detail: Detail) => {
  const start = text(detail, 'start')
  const minutes = detail.minutes
  return start && typeof minutes === 'number' ? slotLabel(start, minutes) : 'a slot'
}
/** One end of a move as its detail records it: the day and the slot (decision 0035). */
const movedSlot = (value: unknown) => {
  const fields = (value ?? {}) as Detail
  return `${day(text(fields, 'date'))} at ${slotOf(fields)}`
}

function scheduleSentence(entry: AuditLogEntry, actor: string): string {
  const { detail } = entry
  switch (detail.change) {
    case 'slot_added':
      return `${actor} added the slot ${slotOf(detail)} to ${treatmentName(detail)}`
    case 'slot_removed':
      return `${actor} removed the slot ${slotOf(detail)} from ${treatmentName(detail)}${outcome(detail)}`
    case 'closed_weekdays':
      return `${actor} set the clinic's weekly closed days to ${weekdays(detail.to)} (before: ${weekdays(detail.from)})${outcome(detail)}`
    case 'holiday_added': {
      const reason = text(detail, 'reason')
      return `${actor} closed the clinic on ${day(text(detail, 'date'))}${reason ? ` (${reason})` : ''}${outcome(detail)}`
    }
    case 'holiday_removed':
      return `${actor} opened the clinic again on ${day(text(detail, 'date'))}`
    default:
      return `${actor} changed the clinic's schedule`
  }
}

const SENTENCES: Record<AuditEvent, (entry: AuditLogEntry, actor: string, subject: string) => string> = {
  account_created: (e, actor, subject) =>
    e.detail.by
      ? `The server created the admin account ${subject} from its settings`
      : e.detail.via === 'google'
        ? `${subject} created an account with Google`
        : e.actor && e.actor.email !== e.subject
          ? `${actor} created an account for ${subject}`
          : `${subject} created an account`,
  account_taken_over: (_, __, subject) =>
    `${subject} took over an unconfirmed account with the same e-mail address by signing in with Google`,
  email_verification_sent: (_, __, subject) => `A confirmation e-mail was sent to ${subject}`,
  email_verified: (_, __, subject) => `${subject} confirmed their e-mail address`,
  login_succeeded: (e, _, subject) => `${subject} signed in${SIGN_IN_WAYS[String(e.detail.via)] ?? ''}`,
  login_failed: (e, _, subject) =>
    e.detail.via === 'account_page'
      ? `${subject} gave a wrong password on their account page`
      : `Someone failed to sign in as ${subject}`,
  login_throttled: (_, __, subject) => `Sign-in attempts for ${subject} were paused after too many tries`,
  sign_in_link_sent: (_, __, subject) => `A sign-in link was e-mailed to ${subject}`,
  logout: (_, __, subject) => `${subject} signed out`,
  password_reset_requested: (_, __, subject) => `A password reset was requested for ${subject}`,
  password_reset_completed: (_, __, subject) => `${subject} set a new password with a reset link`,
  role_changed: (e, actor, subject) => {
    const role = e.detail.role === 'admin' ? 'an admin' : 'a patient'
    if (e.actor) return `${actor} made ${subject} ${role}`
    return e.detail.by === 'cli'
      ? `${subject} was made ${role} on the server's command line`
      : `The server made ${subject} ${role} from its settings`
  },
  session_reuse_detected: (_, __, subject) =>
    `A sign-in of ${subject} was used twice, so it was ended (it may have been copied)`,
  sessions_ended: (e, _, subject) =>
    `${subject} signed out ${plural(count(e.detail, 'sessions'), 'session')} on other devices`,
  password_changed: (_, __, subject) => `${subject} changed their password`,
  account_deleted: (e, actor, subject) => {
    const cancelled = count(e.detail, 'cancelledBookings')
    const refunded = count(e.detail, 'refundedBookings')
    const effect = `${plural(cancelled, 'appointment')} cancelled${refunded > 0 ? `, ${refunded} refunded` : ''}`
    return e.detail.by === 'admin'
      ? `${actor} deleted the account of ${subject}; ${effect}`
      : `${subject} deleted their own account; ${effect}`
  },
  payment_recorded: (e, _, subject) =>
    `${subject} paid ${taka(e.detail.amountMinor)} for ${appointmentOf(e)}`,
  payment_failed: (e, _, subject) =>
    `A card payment of ${taka(e.detail.amountMinor)} by ${subject} for ${appointmentOf(e)} was declined`,
  payment_refunded: (e, _, subject) =>
    `${subject} was refunded ${taka(e.detail.amountMinor)} in full for ${appointmentOf(e)}`,
  payment_partially_refunded: (e, _, subject) =>
    `${subject} was refunded ${taka(e.detail.refundedMinor)} of ${taka(e.detail.amountMinor)} for ${appointmentOf(e)}`,
  refund_failed: (e, _, subject) =>
    `A refund of ${taka(e.detail.amountMinor)} to ${subject} for ${appointmentOf(e)} failed at the payment provider`,
  doctor_created: (e, actor) => `${actor} added the doctor ${text(e.detail, 'name') ?? 'a removed doctor'}`,
  doctor_changed: (e, actor) =>
    `${actor} changed the details of the doctor ${text(e.detail, 'name') ?? 'a removed doctor'}`,
  doctor_deleted: (e, actor) => `${actor} removed the doctor ${text(e.detail, 'name') ?? 'a removed doctor'}`,
  treatment_created: (e, actor) => `${actor} added the treatment ${priced(e.detail)}`,
  treatment_changed: (e, actor) =>
    `${actor} changed the treatment ${priced(e.detail.from)} to ${priced(e.detail.to)}`,
  treatment_retired: (e, actor) => `${actor} stopped offering ${treatmentName(e.detail)}${outcome(e.detail)}`,
  schedule_changed: (e, actor) => scheduleSentence(e, actor),
  attendance_marked: (e, actor, subject) =>
    `${actor} marked ${subject} as ${e.detail.attendance === 'attended' ? 'attended' : 'a no-show'} for ${appointmentOf(e)}`,
  review_approved: (e, actor, subject) =>
    `${actor} approved ${subject}'s review of ${appointmentOf(e)}; it shows on the Reviews page`,
  review_hidden: (e, actor, subject) => `${actor} hid ${subject}'s review of ${appointmentOf(e)}`,
  booking_rescheduled: (e, _, subject) =>
    `${subject} moved their ${text(e.detail, 'treatment') ?? 'appointment'} from ${movedSlot(e.detail.from)} to ${movedSlot(e.detail.to)}`,
  waitlist_offered: (e, _, subject) =>
    `${subject} was offered the freed slot ${text(e.detail, 'slot') ?? 'a slot'} of ${treatmentName(e.detail)} on ${day(text(e.detail, 'date'))} from the waitlist`,
}

/**
 * One entry as a sentence a receptionist reads (decision 0033): names, not ids or keys; dates and
 * slots in the clinic's formats. An event this build does not know reads as its label.
 */
export function auditSentence(entry: AuditLogEntry): string {
  const sentence = SENTENCES[entry.event as AuditEvent]
  if (!sentence) return `${entry.event.replaceAll('_', ' ')} (${subjectOf(entry)})`
  return `${sentence(entry, actorOf(entry), subjectOf(entry))}.`
}
