/** Reminder mails before each appointment (issue 22), written by a job every server runs. */
export { type ReminderRules, startReminderJob, writeDueReminders } from './reminders'
