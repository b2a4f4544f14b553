/**
 * A random `Idempotency-Key` (32 hex digits). `crypto.getRandomValues` works outside secure
 * contexts too, unlike `crypto.randomUUID`, so a clinic served over plain HTTP on its LAN still
 * gets one.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
