/** The clinic's doctors, managed by admins. */
export { doctorsRoutes } from './routes'
