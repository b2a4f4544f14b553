/** What the clinic keeps, and for how long: the daily removal of what serves no one any more. */
export { removeExpired, startRetentionJob } from './retention'
