import { usableToken } from '../../../lib/api-client'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/http'
import { saveFile } from '../../../lib/save-file'

const EXPORT_FAILED = 'The file could not be made. Please try again.'

/**
 * `GET /api/agenda.csv?date=` (admin), fetched with the bearer token (a plain link would carry
 * none), then saved under the name the server gives it.
 */
export async function downloadAgendaCsv(date: string): Promise<void> {
  const token = await usableToken()
  let response: Response
  try {
    response = await fetch(`/api/agenda.csv?date=${encodeURIComponent(date)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    })
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}))
    throw new ApiError(response.status, body.code ?? 'UNKNOWN_ERROR', body.message ?? EXPORT_FAILED)
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `agenda-${date}.csv`
  saveFile(await response.blob(), name)
}
