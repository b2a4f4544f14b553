/** The admins' agenda of a day: its routes are all other modules need. */
export { agendaRoutes } from './routes'
