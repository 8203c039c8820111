/**
 * OpenTelemetry tracing, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (e.g. http://otel-collector:4318):
 * a span for every HTTP request the server answers or makes (instrumentation-http) and for every
 * PostgreSQL query and pool connect (instrumentation-pg), batched and sent over OTLP/HTTP (JSON) to
 * `<endpoint>/v1/traces`. The SDK's own variables apply (OTEL_SERVICE_NAME, default `homeward`;
 * OTEL_RESOURCE_ATTRIBUTES; OTEL_TRACES_SAMPLER; OTEL_BSP_SCHEDULE_DELAY ...). Unset: nothing of the
 * SDK is even loaded.
 *
 * main.ts imports this module first: its top-level await finishes before any other module of the
 * server is evaluated. The instrumentations patch modules as Node's `require` loads them, which a
 * bundle's inlined copy never is, so the build keeps `pg` and the OpenTelemetry packages outside the
 * server bundle (scripts/build.mjs) and this module then requires `pg`, `pg-pool`, `http` and `https`
 * itself: the instrumentations patch their prototypes, which every later (or earlier) importer of the
 * same module shares. PGlite runs in-process and has no driver to patch: on it, HTTP spans only.
 * docs/decisions/046-observability.md.
 */

/** Flushes buffered spans and stops the SDK; set on globalThis while tracing is on (main.ts calls it on exit). */
export const TELEMETRY_SHUTDOWN = Symbol.for('homeward.telemetry.shutdown')

/** A query string with every value replaced: `q=REDACTED&page=REDACTED`. */
export function redactedQuery(query: string): string {
  return [...new URLSearchParams(query).keys()].map((key) => `${encodeURIComponent(key)}=REDACTED`).join('&')
}

/** Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set; returns whether it did. */
export async function startTelemetry(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === 'true') return false
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, { createRequire }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('node:module'),
    ])
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'homeward',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds would be most of the traces.
        ignoreIncomingRequestHook: (req) => /^\/(?:api\/health(?:\/|\?|$)|metrics(?:\?|$))/.test(req.url ?? ''),
        // A query's values (search text, a token in a link) never leave in a span: its names only.
        startIncomingSpanHook: (req) => {
          const query = (req.url ?? '').split('?')[1]
          return query ? { 'url.query': redactedQuery(query) } : {}
        },
      }),
      // Statement text is sent (with $n placeholders), never the values bound to them.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  })
  sdk.start()
  const require = createRequire(import.meta.url)
  for (const id of ['http', 'https', 'pg', 'pg-pool']) require(id)
  ;(globalThis as Record<symbol, unknown>)[TELEMETRY_SHUTDOWN] = () => sdk.shutdown()
  return true
}

/** Sends the spans not sent yet, then stops tracing; resolves at once when tracing is off. */
export async function shutdownTelemetry(): Promise<void> {
  const shutdown = (globalThis as Record<symbol, unknown>)[TELEMETRY_SHUTDOWN] as (() => Promise<void>) | undefined
  await shutdown?.().catch(() => {})
}

await startTelemetry()
