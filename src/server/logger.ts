/**
 * A small structured logger: one line per event on stdout (info, debug) or stderr (warn, error).
 * Written with process streams, not console, so that tests can fail on unexpected console.error.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(msg: string, extra?: unknown): void
  info(msg: string, extra?: unknown): void
  warn(msg: string, extra?: unknown): void
  error(msg: string, extra?: unknown): void
}

function describe(extra: unknown): string {
  if (extra === undefined) return ''
  if (extra instanceof Error) return ` ${extra.name}: ${extra.message}${extra.stack ? `\n${extra.stack}` : ''}`
  try {
    return ` ${JSON.stringify(extra)}`
  } catch {
    return ` ${String(extra)}`
  }
}

/** Creates a logger that drops messages below `level`. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const min = ORDER[level]
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, extra?: unknown) => {
    if (ORDER[lvl] < min) return
    const line = `${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${msg}${describe(extra)}\n`
    ;(ORDER[lvl] >= ORDER.warn ? process.stderr : process.stdout).write(line)
  }
  return {
    debug: (m, e) => write('debug', m, e),
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
  }
}
