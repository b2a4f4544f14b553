import type { ChangePasswordBody } from '@shared/me'
import { api } from '../../../lib/api-client'

/** `POST /api/me/password` (bearer): the other devices are signed out, this one stays. */
export const changePassword = (body: ChangePasswordBody) =>
  api.post<{ message: string }>('/api/me/password', body)
