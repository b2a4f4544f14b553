/* The account feature's public file: what the rest of the app may use of it. */
export { accountLoader } from './account-loader'
export { resendAnswer, useResendVerification } from './api/resend-verification'
