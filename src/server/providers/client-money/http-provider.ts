/**
 * A real client-money adapter over fetch (no SDK) for a generic escrow partner's REST API, the
 * shape most UK client-money and escrow providers offer:
 *   POST /accounts                      {external_ref, holder_name}        -> {id, instructions}
 *   POST /payee-checks                  {sort_code, account_number, name}  -> {result, registered_name}
 *   POST /accounts/{id}/holds           {amount_pence}
 *   POST /accounts/{id}/releases        {amount_pence, payee}              -> {payment_id}
 *   POST /accounts/{id}/refunds         {amount_pence}                     -> {payment_id}
 * authenticated by `Authorization: Bearer <apiKey>`, each write with an `Idempotency-Key` (our move
 * or release id) so that a retry never pays twice. The partner signs its webhooks in the Standard
 * Webhooks format with CLIENT_MONEY_WEBHOOK_SECRET, in the sandbox's event format.
 */
import { z } from 'zod'
import {
  ClientMoneyError,
  parseFundsReceived,
  type ClientMoneyPartner,
  type PaymentInstructions,
  type PayeeCheck,
} from './client-money-partner'

type Json = Record<string, unknown>

/** The partner's answers (the shapes above): untrusted input, parsed. */
const OpenedAccount = z.object({
  id: z.string(),
  instructions: z.object({
    account_name: z.string().min(1),
    sort_code: z.string().min(1),
    account_number: z.string().min(1),
    reference: z.string().min(1),
  }) satisfies z.ZodType<PaymentInstructions>,
})
const PayeeAnswer = z.object({
  result: z.enum(['match', 'close_match', 'no_match']),
  registered_name: z.string().nullish(),
})
const PaymentAnswer = z.object({ payment_id: z.string() })
const Refusal = z.object({ message: z.string() })

export function createHttpClientMoneyPartner(
  options: { apiUrl: string; apiKey: string; timeoutMs?: number; partnerName?: string; regulation?: string },
  fetchImpl: typeof fetch = fetch,
): ClientMoneyPartner {
  async function call(path: string, body: Json, idempotencyKey?: string): Promise<unknown> {
    let res: Response
    try {
      res = await fetchImpl(`${options.apiUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      })
    } catch (err) {
      throw new ClientMoneyError(
        'unavailable',
        `The client-money partner did not answer (${err instanceof Error ? err.message : String(err)}).`,
      )
    }
    const answer: unknown = await res.json().catch(() => ({}))
    if (res.status >= 500)
      throw new ClientMoneyError('unavailable', `The client-money partner failed (HTTP ${res.status}).`)
    if (!res.ok) {
      const reason = Refusal.safeParse(answer).data?.message ?? `HTTP ${res.status}`
      throw new ClientMoneyError('refused', `The client-money partner refused the request: ${reason}.`)
    }
    return answer
  }
  const paymentId = (answer: unknown) => {
    const a = PaymentAnswer.safeParse(answer)
    if (!a.success) throw new ClientMoneyError('unavailable', 'The partner gave no payment id.')
    return a.data
  }
  return {
    name: 'http',
    label: 'Client-money partner',
    partnerName: options.partnerName ?? 'Client-money partner',
    regulation: options.regulation ?? '',
    async openAccount({ transactionId, buyerName }) {
      const a = OpenedAccount.safeParse(
        await call('/accounts', { external_ref: transactionId, holder_name: buyerName }, transactionId),
      )
      if (!a.success) {
        throw new ClientMoneyError('unavailable', 'The partner opened an account but gave no payment instructions.')
      }
      return { account_id: a.data.id, instructions: a.data.instructions }
    },
    async checkPayee(input) {
      const a = PayeeAnswer.safeParse(await call('/payee-checks', input))
      if (!a.success) throw new ClientMoneyError('unavailable', 'The partner gave no Confirmation of Payee result.')
      return { result: a.data.result, registered_name: a.data.registered_name ?? null } satisfies PayeeCheck
    },
    async hold({ account_id, amount_pence }) {
      await call(`/accounts/${encodeURIComponent(account_id)}/holds`, { amount_pence })
    },
    async release({ account_id, amount_pence, payee, idempotency_key }) {
      return paymentId(
        await call(`/accounts/${encodeURIComponent(account_id)}/releases`, { amount_pence, payee }, idempotency_key),
      )
    },
    async refund({ account_id, amount_pence, idempotency_key }) {
      return paymentId(
        await call(`/accounts/${encodeURIComponent(account_id)}/refunds`, { amount_pence }, idempotency_key),
      )
    },
    parseEvent: parseFundsReceived,
  }
}
