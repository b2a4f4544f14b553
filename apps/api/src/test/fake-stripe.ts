import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local stand-in for the few Stripe endpoints the official SDK reaches from our provider
 * (create, retrieve and cancel a PaymentIntent, create a refund), in Stripe's wire format, so that
 * the real SDK runs against it through its host/port/protocol options. Tests move intents
 * along (`succeed`, `fail`) as Stripe.js and the card network would, and sign webhook events
 * with the SDK's own test helper.
 */
export interface FakeIntent {
  id: string
  client_secret: string
  amount: number
  currency: string
  metadata: Record<string, string>
  status: 'requires_payment_method' | 'succeeded' | 'canceled'
  card?: { brand: string; last4: string }
  last_payment_error?: { message: string }
  refund?: string
}

const id = (prefix: string) => `${prefix}_fake_${randomBytes(8).toString('hex')}`

export async function startFakeStripe() {
  const secretKey = 'sk_test_fake_key'
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`
  const intents = new Map<string, FakeIntent>()
  const byIdempotencyKey = new Map<string, string>()
  const requests: { method: string; path: string; idempotencyKey?: string; authorization?: string }[] = []
  let failures: { count: number; status: number } = { count: 0, status: 500 }

  const intentObject = (intentId: string) => {
    const intent = intents.get(intentId)
    if (!intent) throw new Error(`no fake intent ${intentId}`)
    const { card, refund: _refund, ...fields } = intent
    const charge = card && {
      id: `ch_${intent.id}`,
      object: 'charge',
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4 } },
    }
    return { object: 'payment_intent', ...fields, latest_charge: charge ?? null }
  }

  /**
   * The charge of a `charge.refunded` event as our pinned API version sends it: since 2022-11-15
   * a Charge no longer embeds its `refunds` list, only its own `refunded` and `amount_refunded`.
   */
  const refundedChargeObject = (intentId: string, amountRefunded?: number) => {
    const intent = intents.get(intentId)
    if (!intent) throw new Error(`no fake intent ${intentId}`)
    const refunded = amountRefunded ?? intent.amount
    return {
      id: `ch_${intentId}`,
      object: 'charge',
      payment_intent: intentId,
      amount: intent.amount,
      currency: intent.currency,
      amount_refunded: refunded,
      refunded: refunded === intent.amount,
    }
  }

  /** The same charge as API versions before 2022-11-15 sent it, with its refunds listed. */
  const legacyRefundedChargeObject = (intentId: string, amountRefunded?: number) => {
    const charge = refundedChargeObject(intentId, amountRefunded)
    const refund = { id: id('re'), object: 'refund', amount: charge.amount_refunded }
    return { ...charge, refunds: { object: 'list', data: [refund], has_more: false } }
  }

  const handle = (req: IncomingMessage, body: URLSearchParams, res: ServerResponse) => {
    const idempotencyKey = header(req, 'idempotency-key')
    const url = new URL(req.url ?? '/', 'http://fake')
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey,
      authorization: header(req, 'authorization'),
    })
    if (failures.count > 0) {
      failures.count--
      return send(res, failures.status, { error: { type: 'api_error', message: 'Fake Stripe is down' } })
    }
    const known = idempotencyKey && byIdempotencyKey.get(`${url.pathname}:${idempotencyKey}`)
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const intentId = known || id('pi')
      if (!known) {
        intents.set(intentId, {
          id: intentId,
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          amount: Number(body.get('amount')),
          currency: body.get('currency') ?? '',
          metadata: { bookingId: body.get('metadata[bookingId]') ?? '' },
          status: 'requires_payment_method',
        })
        if (idempotencyKey) byIdempotencyKey.set(`${url.pathname}:${idempotencyKey}`, intentId)
      }
      return send(res, 200, intentObject(intentId))
    }
    const retrieved = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && retrieved) {
      const intentId = decodeURIComponent(retrieved[1] ?? '')
      if (!intents.has(intentId))
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        })
      return send(res, 200, intentObject(intentId))
    }
    const cancelled = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname)
    if (req.method === 'POST' && cancelled) {
      const toCancel = intents.get(decodeURIComponent(cancelled[1] ?? ''))
      if (!toCancel)
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        })
      if (toCancel.status === 'succeeded')
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This PaymentIntent could not be canceled because it has a status of succeeded.',
          },
        })
      toCancel.status = 'canceled'
      return send(res, 200, intentObject(toCancel.id))
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '')
      if (intent?.status !== 'succeeded')
        return send(res, 400, {
          error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'Not refundable' },
        })
      intent.refund ??= id('re')
      return send(res, 200, {
        id: intent.refund,
        object: 'refund',
        payment_intent: intent.id,
        status: 'succeeded',
      })
    }
    send(res, 404, {
      error: { type: 'invalid_request_error', message: `Fake Stripe has no ${url.pathname}` },
    })
  }

  const server = createServer((req, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => handle(req, new URLSearchParams(text), res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const signer = new Stripe(secretKey)

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    secretKey,
    webhookSecret,
    requests,
    intent: (intentId: string) => intents.get(intentId),
    intentObject,
    refundedChargeObject,
    legacyRefundedChargeObject,
    /** The card was charged, as Stripe.js's confirmCardPayment would leave it; a canceled intent cannot be. */
    succeed(intentId: string, card = { brand: 'visa', last4: '4242' }) {
      const intent = intents.get(intentId)
      if (!intent) throw new Error(`no fake intent ${intentId}`)
      if (intent.status === 'canceled') throw new Error(`fake intent ${intentId} was canceled`)
      Object.assign(intent, { status: 'succeeded', card, last_payment_error: undefined })
    },
    fail(intentId: string, message = 'Your card was declined.') {
      const intent = intents.get(intentId)
      if (!intent) throw new Error(`no fake intent ${intentId}`)
      intent.last_payment_error = { message }
    },
    /** The next `count` requests answer `status`, as Stripe does when it is down. */
    failNext(count: number, status = 500) {
      failures = { count, status }
    },
    /** A webhook delivery: the event's JSON and its Stripe-Signature header. */
    signedEvent(type: string, object: object, options: { eventId?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify({
        id: options.eventId ?? id('evt'),
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      })
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: options.timestamp,
      })
      return { body: payload, signature }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function send(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
  res.end(JSON.stringify(body))
}
