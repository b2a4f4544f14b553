/** The probe a supervisor or load balancer asks. */
export { healthRoutes } from './routes'
