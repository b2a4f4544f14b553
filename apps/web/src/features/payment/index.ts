/* The payment feature's public file: what the rest of the app may use of it. */
export { paymentConfigQueryOptions, usePaymentConfig } from './api/get-payment-config'
export { paymentLoader } from './payment-loader'
