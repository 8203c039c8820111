/**
 * How the sandbox partners (identity verification, open banking, sanctions screening) answer
 * asynchronously, as the real services do: a sandbox adapter queues an event, and this dispatcher
 * delivers it later as a signed Standard Webhooks POST to our own webhook endpoint, through the whole
 * HTTP stack of this app (app.request: the same middleware, signature check and replay check a real
 * provider's delivery meets). A delivery answered 5xx or not at all is retried with exponential
 * backoff (1 s, 2 s, 4 s, 8 s, 16 s), as providers retry; a 4xx is final.
 *
 * Deliveries live in this process's memory: a restart drops the sandbox's pending events, and the
 * person starts the sandbox step again (a real provider keeps retrying from its side).
 */
import type { Logger } from '#server/logger.ts'
import { signWebhook } from './provider-webhooks'

/** Sends a request to this app: (path, init) => response. app.request in production and tests. */
export type AppRequest = (path: string, init: RequestInit) => Response | Promise<Response>

export interface SandboxWebhookDispatcher {
  /**
   * Queues a signed POST of `event` (JSON) to `path` (e.g. '/api/webhooks/identity-sandbox') after
   * `delayMs` (default 1500: the sandbox "processing"). Returns the delivery's webhook-id.
   */
  send(options: { path: string; event: unknown; delayMs?: number }): string
  /** Resolves once every queued delivery (retries included) has finished. Tests and shutdown. */
  settle(): Promise<void>
  /** Connects the dispatcher to the app it delivers to (createApp calls it once). */
  attach(request: AppRequest): void
  /** Sends everything queued now, without the delay (tests: deterministic, no timers to wait for). */
  flush(): Promise<void>
}

const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000]

/** A dispatcher signing with `secret` (config.providerWebhookSecret). */
export function createSandboxWebhookDispatcher(options: { secret: string; log: Logger }): SandboxWebhookDispatcher {
  let request: AppRequest | null = null
  const running = new Set<Promise<void>>()
  const waiting = new Set<() => void>()

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        waiting.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      timer.unref?.()
      waiting.add(wake)
    })

  async function deliver(path: string, body: string, id: string, delayMs: number) {
    await wait(delayMs)
    for (let attempt = 0; ; attempt++) {
      let status = 0
      try {
        if (!request) throw new Error('the sandbox webhook dispatcher is not attached to the app')
        // Signed at each attempt, as a provider does: the timestamp is the attempt's.
        const headers = { 'content-type': 'application/json', ...signWebhook(options.secret, body, { id }) }
        const res = await request(path, { method: 'POST', headers, body })
        status = res.status
        await res.arrayBuffer()
      } catch (err) {
        options.log.warn(`sandbox webhook ${id} to ${path} failed: ${err instanceof Error ? err.message : String(err)}`)
      }
      if (status >= 200 && status < 300) return
      if (status >= 400 && status < 500) {
        options.log.warn(`sandbox webhook ${id} to ${path} refused with ${status}; not retried`)
        return
      }
      const retryIn = RETRY_DELAYS_MS[attempt]
      if (retryIn === undefined) {
        options.log.warn(`sandbox webhook ${id} to ${path} gave up after ${attempt + 1} attempts`)
        return
      }
      await wait(retryIn)
    }
  }

  return {
    send({ path, event, delayMs = 1500 }) {
      const id = `msg_sandbox_${crypto.randomUUID()}`
      const p = deliver(path, JSON.stringify(event), id, delayMs).finally(() => running.delete(p))
      running.add(p)
      return id
    },
    async settle() {
      while (running.size) await Promise.all([...running])
    },
    async flush() {
      while (running.size) {
        for (const wake of [...waiting]) wake()
        await Promise.race([...running, new Promise((r) => setImmediate(r))])
      }
    },
    attach(r) {
      request = r
    },
  }
}
