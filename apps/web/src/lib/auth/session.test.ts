// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { jsonResponse, unsignedToken } from '../../testing/fake-server'
import { signIn, signInWithLink, signUp } from './session'
import { currentEmail, forgetSession } from './token-renewal'

const patient = { uid: 'u1', displayName: 'Pat Lee', email: 'pat@example.test', emailVerified: false }
const password = 'Sm1le!Bright'

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  forgetSession()
  localStorage.clear()
})

const paths = () => fetchMock.mock.calls.map(([path]) => path)

// Before decision 0053 reached sign-in, each of these asked /api/jwt after its answer.
test.each([
  ['login', '/api/auth/login', () => signIn({ email: patient.email, password })],
  ['the sign-in link', '/api/auth/login-link', () => signInWithLink({ token: 'mailed-link-token' })],
])('%s stores the token its answer brings, in one request', async (_, path, signInBy) => {
  const token = unsignedToken({ email: patient.email })
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: patient, token }))

  await expect(signInBy()).resolves.toEqual(patient)

  expect(paths()).toEqual([path])
  expect(localStorage.getItem('userAccessToken')).toBe(token)
  expect(currentEmail()).toBe(patient.email)
})

test('registration saves the user record with the token the answer brings, asking no /api/jwt', async () => {
  const token = unsignedToken({ email: patient.email })
  fetchMock
    .mockResolvedValueOnce(jsonResponse(201, { user: patient, token }))
    .mockResolvedValueOnce(jsonResponse(200, { acknowledged: true }))

  await signUp({ name: patient.displayName, email: patient.email, password })

  expect(paths()).toEqual(['/api/auth/register', '/api/users'])
  const headers = new Headers(fetchMock.mock.calls[1]?.[1]?.headers)
  expect(headers.get('authorization')).toBe(`Bearer ${token}`)
})
