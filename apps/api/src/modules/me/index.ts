/**
 * The account page's module, as other modules may use it: an admin deleting a user erases and
 * frees it the way the owner's own deletion does (decision 0019), under the same lock of the admins.
 */
export { closeAccount, lockAdmins, upcomingPaidBookings } from './repository'
export { meRoutes } from './routes'
