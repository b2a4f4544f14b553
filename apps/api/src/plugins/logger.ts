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

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>
type LogArguments = Parameters<FastifyLogFn>

/**
 * Structured JSON logs without secrets: request lines carry the path without its query string
 * (password-reset and sign-in links carry tokens there) and no headers at all, so bearer tokens
 * and session cookies never reach a log.
 */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  const options = {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
    },
  }
  return stream ? pino(options, stream) : pino(options)
}

/** Fastify writes its other lines (stream and serializer errors) but leaves request lines to us. */
class RequestLinesOff extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

/** Fastify's options for an app whose logger comes from `installLogger`. */
export const fastifyLoggingOptions = () => ({ logger: false, logController: new RequestLinesOff() })

/**
 * Gives an app built with `fastifyLoggingOptions` its logger. Fastify's own logger option attaches
 * response listeners and a child logger to every request even when nothing is written, which
 * cost a fifth of GET /api/health's throughput (decision 0011). Here each request's logger makes
 * its child (bound to the request id) only when it writes, and the access log line, which needs
 * the response listeners, is there only when the level is info or lower.
 */
export function installLogger(app: FastifyInstance, logger: Logger): void {
  app.log = logger
  app.setChildLoggerFactory((_unused, bindings, options) => new RequestLogger(logger, bindings, options))
  if (logger.isLevelEnabled('info')) {
    app.addHook('onResponse', (request, reply, done) => {
      const responseTime = Math.round(reply.elapsedTime)
      request.log.info({ req: request, statusCode: reply.statusCode, responseTime }, 'request completed')
      done()
    })
  }
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
