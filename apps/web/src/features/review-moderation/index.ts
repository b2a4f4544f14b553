/* The review moderation feature's public file: what the rest of the app may use of it. */
export { reviewModerationLoader } from './review-moderation-loader'
