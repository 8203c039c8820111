/**
 * The server's logger: pino, one JSON object per line on stdout (`LOG_FORMAT=json`), or the same
 * events made readable by pino-pretty for a person at a terminal (`LOG_FORMAT=pretty`, the default
 * of `npm start` outside production). Written to the process's stdout file descriptor, never through
 * console, so that tests can fail on an unexpected console.error.
 *
 * Every line written while a request is being answered carries that request's `request_id` (and the
 * signed-in `viewer_id`), however deep the code that logs: the HTTP edge runs each request inside
 * `withLogContext` (an AsyncLocalStorage), and the logger's mixin reads it. With tracing on, lines
 * written inside a sampled span also carry its `trace_id` and `span_id`.
 * docs/decisions/046-observability.md.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { Writable } from 'node:stream'
import { trace } from '@opentelemetry/api'
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino'
import pretty from 'pino-pretty'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type LogFormat = 'json' | 'pretty'

export interface Logger {
  debug(msg: string, extra?: unknown): void
  info(msg: string, extra?: unknown): void
  warn(msg: string, extra?: unknown): void
  error(msg: string, extra?: unknown): void
  /** A logger whose every line also carries `bindings` (e.g. `{ job: 'digests' }`). */
  child(bindings: Record<string, unknown>): Logger
}

/**
 * The fields of the current request that every log line carries: read at each write (a getter may
 * stand for a value known later, such as the viewer once the session is resolved). Undefined
 * fields are left out of the line.
 */
export type LogContext = Record<string, unknown>

const context = new AsyncLocalStorage<LogContext>()

/** Runs `fn` with `fields` added to every log line written inside it, including in what it awaits. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return context.run(fields, fn)
}

/** The fields of the request being answered in this async context, or undefined outside one. */
export function currentLogContext(): LogContext | undefined {
  return context.getStore()
}

/**
 * LOG_FORMAT's default: pretty for a person reading a terminal outside production, JSON for
 * everything else (a file, a pipe to a collector, a container's log, production).
 */
export function defaultLogFormat(nodeEnv: string | undefined, stdoutIsTty: boolean | undefined): LogFormat {
  return nodeEnv !== 'production' && stdoutIsTty ? 'pretty' : 'json'
}

// Keys pino writes itself: an `extra` object holding one of them is nested under `detail` instead.
const RESERVED = new Set(['level', 'time', 'msg', 'pid', 'hostname'])

/**
 * Turns the call sites' `(msg, extra)` into pino's `(object, msg)`: an Error becomes `err` (type,
 * message, stack and cause by pino's serializer), a plain object's fields join the line (an Error in
 * its `err` too), anything else (a string, a number, an array) is `detail`.
 */
function fieldsOf(extra: unknown): Record<string, unknown> | undefined {
  if (extra === undefined) return undefined
  if (extra instanceof Error) return { err: extra }
  if (
    extra &&
    typeof extra === 'object' &&
    !Array.isArray(extra) &&
    Object.getPrototypeOf(extra) === Object.prototype
  ) {
    return Object.keys(extra).some((k) => RESERVED.has(k)) ? { detail: extra } : (extra as Record<string, unknown>)
  }
  return { detail: extra }
}

function wrap(p: PinoLogger): Logger {
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (msg: string, extra?: unknown): void => {
      if (!p.isLevelEnabled(level)) return
      const fields = fieldsOf(extra)
      if (fields) p[level](fields, msg)
      else p[level](msg)
    }
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(p.child(bindings)),
  }
}

/**
 * The pretty stream: one line per event, `HH:MM:ss LEVEL message {fields}`, colour on a terminal.
 * Synchronous, so that a line written just before exit is not lost; in this process, not pino's
 * worker-thread transport, which the esbuild bundle could not load.
 */
function prettyStream(destination: number | Writable, colorize: boolean): DestinationStream {
  return pretty({
    destination,
    sync: true,
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  })
}

/**
 * Creates the root logger, dropping events below `level`. `format` defaults to defaultLogFormat for
 * this process; `destination` (tests) replaces stdout.
 */
export function createLogger(
  level: LogLevel = 'info',
  options: { format?: LogFormat; destination?: { write(line: string): unknown } } = {},
): Logger {
  const format = options.format ?? defaultLogFormat(process.env.NODE_ENV, process.stdout.isTTY)
  const own = options.destination
  const stream: DestinationStream =
    format === 'pretty'
      ? prettyStream(
          own
            ? new Writable({
                write(chunk: Buffer | string, _encoding, done) {
                  own.write(String(chunk))
                  done()
                },
              })
            : 1,
          !own && process.stdout.isTTY === true,
        )
      : own
        ? { write: (line: string) => void own.write(line) }
        : pino.destination({ dest: 1, sync: true })
  const root = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const store = context.getStore()
        // With tracing on (telemetry.ts), the trace a line belongs to: from a log line to its trace.
        const span = trace.getActiveSpan()?.spanContext()
        const traced = span && span.traceFlags & 1 ? { trace_id: span.traceId, span_id: span.spanId } : undefined
        return store || traced ? { ...store, ...traced } : {}
      },
    },
    stream,
  )
  return wrap(root)
}
