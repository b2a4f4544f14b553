import type { MyDataExport } from '@shared/me'
import { api } from '../../../lib/api-client'

/** `GET /api/me/export` (bearer): everything the clinic holds about the account. */
export const getMyData = () => api.get<MyDataExport>('/api/me/export')
