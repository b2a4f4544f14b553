/* The admin users feature's public file: what the rest of the app may use of it. */
export { usersLoader } from './users-loader'
