/**
 * The account page's module, as other modules may use it: an admin deleting a user erases and
 * frees it the way the owner's own deletion does (issue 13), under the same lock of the admins.
 */
export { cancelUpcomingBookings, eraseAccount, lockAdmins } from './repository'
export { meRoutes } from './routes'
