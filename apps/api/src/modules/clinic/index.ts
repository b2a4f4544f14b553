/**
 * The clinic's offer (treatments, slots, open days) and each day's availability, which bookings
 * read and check against.
 */
export { type AvailabilityCache, createAvailabilityCache, loadAvailability } from './availability-cache'
export { clinicClosedOn, closureOn, findAvailability, slotKey, slotsOn } from './repository'
export { clinicRoutes } from './routes'
export { assertBookableDate } from './service'
