/* The dashboard feature's public file: what the rest of the app may use of it. */
export { myAppointmentsLoader } from './my-appointments-loader'
