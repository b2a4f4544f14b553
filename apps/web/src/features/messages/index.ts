/* The messages feature's public file: what the rest of the app may use of it. */
export { messagesLoader } from './messages-loader'
