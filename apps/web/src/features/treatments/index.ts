/* The treatments feature's public file: what the rest of the app may use of it. */
export { treatmentsLoader } from './treatments-loader'
