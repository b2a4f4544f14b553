/** Reminder mails before each appointment (decision 0034), written by a job every server runs. */
export { type ReminderRules, startReminderJob, writeDueReminders } from './reminders'
