/** Prometheus metrics for operators: what modules count, and the database's state when scraped. */
export { metricsRoutes } from './routes'
