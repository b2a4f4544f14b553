/** The clinic's doctors, managed by admins. */

export { seedDemoDoctors } from './demo-doctors'
export { doctorsRoutes } from './routes'
