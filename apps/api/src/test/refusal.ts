import type { ErrorCode } from '@shared/errors'
import type { LightMyRequestResponse } from 'fastify'

/**
 * What a client acts on when the API refuses: the status and the code. The message is for
 * people and is asserted only where its text is the rule (the spec's sentences).
 */
export function refusal(response: LightMyRequestResponse): { status: number; code: ErrorCode | undefined } {
  const body = response.headers['content-type']?.toString().includes('json') ? response.json() : {}
  return { status: response.statusCode, code: body.code }
}
