/** The outbox (decision 0017): every mail is a row written with the change that causes it. */
export { type MailRenderer, type MailRenderers, patientMailRenderer, type Skip } from './render'
export { type ClaimedMail, dropUnsentMailTo, waitingMail, writeMail } from './repository'
export {
  MAX_ATTEMPTS,
  OUTBOX_TIMING,
  type OutboxSender,
  type OutboxTiming,
  startOutboxSender,
} from './sender'
