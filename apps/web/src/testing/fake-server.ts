/** A JSON answer, as the API sends it, for a stubbed `fetch` to resolve with. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * An unsigned JWT-shaped token: the browser only reads its claims (the server checks the
 * signature), so tests need no key. It expires `secondsLeft` from now.
 */
export function unsignedToken(claims: Record<string, unknown>, secondsLeft = 300): string {
  const payload = { ...claims, exp: Math.floor(Date.now() / 1000) + secondsLeft }
  return `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`
}
