/** Contact messages: the public form, their mails, and the admins' inbox (decision 0029). */
export { messagesRoutes } from './routes'
