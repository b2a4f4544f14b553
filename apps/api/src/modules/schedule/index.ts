/** The admins' treatments, slots and closed days. */
export { scheduleRoutes } from './routes'
