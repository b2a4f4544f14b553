/** The spec's user records, the admins' changes to accounts, and the first admin's bootstrap. */
export { ensureAdminAccount } from './admin-bootstrap'
export { runAdminCli } from './admin-cli'
export { usersRoutes } from './routes'
