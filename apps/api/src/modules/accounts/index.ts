/**
 * Accounts: the module's public face. Other modules reach accounts only through this file;
 * inside, the code is grouped by concern (sessions, passwords and reset, Google, e-mail
 * verification, audit).
 */
export { DEVICE_COOKIE } from './devices/device-cookie'
// The retention job forgets a browser's row when its cookie has expired.
export { DEVICE_DAYS } from './devices/known-devices'
export { type Origin, originOf } from './origin'
export { assertUncommonPassword } from './passwords/common-passwords'
export { mayCheckPassword, tooManyLogins } from './passwords/login-throttle'
export { hashPassword, verifyPassword } from './passwords/passwords'
export { rateLimits } from './rate-limits'
export { type AccountRow, findAccountByEmail, findAccountById, updateAccount } from './repository'
export { accountsRoutes } from './routes'
export { createAccessTokens } from './sessions/access-token'
export { type CurrentUser, currentUser, registerAuthentication } from './sessions/authenticate'
export { SESSION_COOKIE } from './sessions/session-cookie'
export { resolveSessionSecret } from './sessions/session-secret'
export { createSessionUsers } from './sessions/session-users'
export {
  endAllSessions,
  endOtherSessions,
  endSessionOf,
  liveSessions,
  startSession,
} from './sessions/sessions'
