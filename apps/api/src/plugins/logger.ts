import { hostname } from 'node:os'
import { DrizzleQueryError } from 'drizzle-orm'
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyLogFn,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type LogLevel,
} from 'fastify'
import { type DestinationStream, type Logger, pino } from 'pino'
import { standardOutputDestination } from './log-destination'

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>
type LogArguments = Parameters<FastifyLogFn>

/**
 * Fields censored wherever they appear at the top of a line or up to two levels down (a plugin's
 * trace line may carry the request's headers inside its options: @fastify/multipart does).
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'refreshToken',
  'clientSecret',
  'card',
]
const redact = {
  paths: SECRET_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`, `*.*["${field}"]`]),
  censor: '[redacted]',
}

/** Writes a finished request's access line; `route` is its pattern, null when no route matched. */
export type AccessLineWriter = (request: FastifyRequest, reply: FastifyReply, route: string | null) => void

/** The app's logger, and the access line writer when the level is info or lower. */
export interface Loggers {
  log: Logger
  writeAccessLine: AccessLineWriter | undefined
}

/**
 * Structured JSON logs without secrets or patients' data: request lines carry the route's pattern,
 * not the path or its query string (e-mail addresses, password-reset and sign-in tokens are
 * there), and no headers at all, so bearer tokens and session cookies never reach a log; errors are reduced by `serializeError`; and fields named
 * like secrets are censored should a line ever carry one. The access line holds only the fields
 * written by `accessLineWriter`, none of them secret, so it skips the censoring, which cost each
 * line about four times its writing (decision 0014). Lines go to standard output in batches
 * (`standardOutputDestination`), unless a stream is given (tests).
 */
export function createLogger(
  level: string,
  stream: DestinationStream = standardOutputDestination(),
): Loggers {
  const base = { pid: process.pid, hostname: hostname() }
  const root = pino(
    {
      level,
      base,
      serializers: {
        err: serializeError,
        req: (request: FastifyRequest) => ({
          method: request.method,
          route: routeOf(request),
          remoteAddress: request.ip,
        }),
        res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      },
    },
    stream,
  )
  return {
    log: root.child({}, { redact }),
    writeAccessLine: root.isLevelEnabled('info') ? accessLineWriter(base, stream) : undefined,
  }
}

/**
 * The route's pattern ('/api/users/admin/:email'), never the path: paths and query strings carry
 * patients' e-mail addresses (`/api/bookings?email=`), reset tokens and whatever a visitor typed.
 * A request no route matched (a page of the web app, an unknown path) is logged as null.
 */
const routeOf = (request: FastifyRequest): string | null => request.routeOptions.url ?? null

/**
 * Writes the line pino would write for an info with these fields, built as one string: pino's
 * general path (an object per line, the req serializer's object, the fields stringified one by
 * one) cost about twice as much in a micro-benchmark, once per request. Every text that comes from the client goes
 * through JSON.stringify, so quotes and line breaks stay inside their field.
 */
function accessLineWriter(
  base: { pid: number; hostname: string },
  stream: DestinationStream,
): AccessLineWriter {
  const head = `{"level":30,"time":`
  const baseFields = JSON.stringify(base).slice(1, -1)
  return (request, reply, pattern) => {
    // A socket closed before the answer has no address any more: null keeps the line JSON.
    const address = JSON.stringify(request.ip ?? null)
    const route = JSON.stringify(pattern)
    stream.write(
      `${head}${Date.now()},${baseFields},"reqId":${JSON.stringify(request.id)},` +
        `"req":{"method":${JSON.stringify(request.method)},"route":${route},"remoteAddress":${address}},` +
        `"statusCode":${reply.statusCode},"responseTime":${Math.round(reply.elapsedTime)},"msg":"request completed"}\n`,
    )
  }
}

export interface SerializedError {
  type: string
  code?: string | number
  message?: string
  stack?: string
  cause?: SerializedError
}

/**
 * An error as its type, code, message and stack frames, and the same of its cause; never its
 * other fields. Drizzle's query error repeats the query's parameters (password hashes, e-mails)
 * in its message, and PGlite's error carries them as fields, so only the cause's message (the
 * database's own, which names no parameter) is kept.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error }
  const { code } = error as { code?: unknown }
  return {
    type: error.constructor.name || error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error instanceof DrizzleQueryError ? {} : { message: error.message }),
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  }
}

/**
 * Fastify writes its other lines (stream and serializer errors) but leaves request lines to us.
 * Its 'Route GET:<url> not found' line would carry the whole address, query string included;
 * the access line already says a request matched no route.
 */
class RequestLinesOff extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
  override routeNotFound(): void {}
}

/** Fastify's options for an app whose logger comes from `installLogger`. */
export const fastifyLoggingOptions = () => ({ logger: false, logController: new RequestLinesOff() })

/**
 * Gives an app built with `fastifyLoggingOptions` its logger. Fastify's own logger option attaches
 * response listeners and a child logger to every request even when nothing is written, which
 * cost a fifth of GET /api/health's throughput (decision 0011). Here each request's logger makes
 * its child (bound to the request id) only when it writes. The access line needs no child; it is
 * written from the response hook of `recordFinishedRequests`.
 */
export function installLogger(app: FastifyInstance, log: Logger): void {
  app.log = log
  app.setChildLoggerFactory((_unused, bindings, options) => new RequestLogger(log, bindings, options))
}

/** A request's logger: pino's child is made on the first line written at an enabled level. */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined
  readonly #parent: Logger
  readonly #bindings: Bindings
  readonly #options: ChildLoggerOptions

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level
  }

  set level(level: string) {
    this.#logger().level = level
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options)
  }

  fatal(...args: LogArguments): void {
    this.#write('fatal', args)
  }

  error(...args: LogArguments): void {
    this.#write('error', args)
  }

  warn(...args: LogArguments): void {
    this.#write('warn', args)
  }

  info(...args: LogArguments): void {
    this.#write('info', args)
  }

  debug(...args: LogArguments): void {
    this.#write('debug', args)
  }

  trace(...args: LogArguments): void {
    this.#write('trace', args)
  }

  silent(): void {}

  #write(level: Exclude<LogLevel, 'silent'>, args: LogArguments): void {
    const { values } = this.#parent.levels
    if ((values[level] ?? 0) < (values[this.level] ?? values.info ?? 0)) return
    const logger = this.#logger()
    logger[level].apply(logger, args)
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options)
    return this.#child
  }
}
