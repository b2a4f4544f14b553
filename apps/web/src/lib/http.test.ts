import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ApiError, fetchJson, NETWORK_ERROR_MESSAGE, retryUnlessRefused, userMessage } from './http'

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => vi.unstubAllGlobals())

const reply = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'application/json' } })

async function failure(): Promise<ApiError> {
  const error = await fetchJson('/api/anything').catch((caught: unknown) => caught)
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

test("a refusal carries the server's code, message and status", async () => {
  const slotTaken = { code: 'SLOT_TAKEN', message: 'This slot was just booked. Please choose another.' }
  fetchMock.mockResolvedValueOnce(reply(409, JSON.stringify(slotTaken)))
  expect(await failure()).toMatchObject({ status: 409, ...slotTaken })
})

test('an unreachable server is a NETWORK_ERROR with status 0 and the connection message', async () => {
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
  const error = await failure()
  expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE })
  expect(userMessage(error)).toBe(NETWORK_ERROR_MESSAGE)
})

test('an answer without a code (a proxy page, a body cut short) is an UNKNOWN_ERROR with a generic line', async () => {
  fetchMock.mockResolvedValueOnce(reply(502, '<html>Bad Gateway</html>'))
  const error = await failure()
  expect(error).toMatchObject({ status: 502, code: 'UNKNOWN_ERROR' })
  expect(error.message).toMatch(/^Something went wrong on our side/)
  fetchMock.mockResolvedValueOnce(reply(400, JSON.stringify({ message: 'No code here.' })))
  expect(await failure()).toMatchObject({ code: 'UNKNOWN_ERROR', message: 'No code here.' })
})

test('a cancelled call rejects with the abort, not as an ApiError', async () => {
  const controller = new AbortController()
  controller.abort()
  fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'))
  await expect(fetchJson('/api/anything', { signal: controller.signal })).rejects.toHaveProperty(
    'name',
    'AbortError',
  )
})

test('queries are retried three times after failures of the server or the network, never after a refusal', () => {
  const retried = (error: unknown) => [0, 1, 2, 3].map((count) => retryUnlessRefused(count, error))
  expect(retried(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toEqual([true, true, true, false])
  expect(retried(new ApiError(500, 'INTERNAL', 'oops'))).toEqual([true, true, true, false])
  expect(retried(new ApiError(503, 'DATABASE_DOWN', 'down'))).toEqual([true, true, true, false])
  expect(retried(new ApiError(502, 'UNKNOWN_ERROR', 'proxy'))).toEqual([true, true, true, false])
  for (const code of ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'DATE_PAST', 'NOT_FOUND'] as const) {
    expect(retried(new ApiError(400, code, 'no'))).toEqual([false, false, false, false])
  }
  expect(retried(new ApiError(404, 'UNKNOWN_ERROR', 'not ours'))).toEqual([false, false, false, false])
})

test('a JSON body goes with its content type; a FormData goes as it is, for the browser to frame', async () => {
  fetchMock.mockResolvedValue(reply(200, '{}'))
  await fetchJson('/api/anything', { method: 'POST', body: { name: 'A' } })
  const form = new FormData()
  form.append('image', new Blob(['png']), 'photo.png')
  await fetchJson('/api/images', { method: 'POST', body: form })
  const [json, upload] = fetchMock.mock.calls.map(([, init]) => init)
  expect(json).toMatchObject({ body: '{"name":"A"}', headers: { 'content-type': 'application/json' } })
  expect(upload?.body).toBe(form)
  expect(upload?.headers).not.toHaveProperty('content-type')
})
