/* The agenda feature's public file: what the rest of the app may use of it. */
export { agendaLoader } from './agenda-loader'
