/** Patients' reviews of attended appointments, their moderation and the public list (decision 0032). */
export { deleteReviewsOf, reviewsOf } from './repository'
export { reviewsRoutes } from './routes'
