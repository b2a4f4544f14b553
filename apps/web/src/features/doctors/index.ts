/* The doctors feature's public file: what the rest of the app may use of it. */
export { addDoctorLoader, manageDoctorsLoader } from './doctors-loader'
