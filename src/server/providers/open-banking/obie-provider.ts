/**
 * A real open-banking adapter over fetch (no SDK) for an account-information service that speaks the
 * UK Open Banking Read/Write API v3.1 (https://openbankinguk.github.io/read-write-api-site3/):
 * POST /account-access-consents, then GET /accounts, /accounts/{id}/balances and
 * /accounts/{id}/transactions?fromBookingDateTime=. `apiUrl` is the AIS base URL of the bank or
 * aggregator, `accessToken` a client-credentials token it issued (obtaining and refreshing it,
 * and mTLS where the bank requires it, are the aggregator's or a proxy's job: see decision 027).
 * The person is sent to `authoriseUrl` with `consent` and `return` parameters; the aggregator tells
 * us the outcome by a Standard Webhooks-signed POST in the sandbox's event format.
 */
import type { BankTransactionCategory } from '#shared/domain/source-of-funds.ts'
import { OpenBankingError, type BankAccountData, type OpenBankingProvider } from './open-banking-provider'
import { parseConsentEvent } from './sandbox-provider'

type Json = Record<string, unknown>

/** Pence from an OBIE Amount ("1234.56"). */
function pence(amount: unknown, indicator: unknown): number {
  const value = Math.round(Number((amount as { Amount?: string } | undefined)?.Amount ?? 0) * 100)
  return indicator === 'Debit' ? -value : value
}

/** Our category from an OBIE transaction (its bank transaction code and description). */
function categoryOf(t: Json): BankTransactionCategory {
  const code =
    `${(t.BankTransactionCode as Json | undefined)?.Code ?? ''} ${(t.ProprietaryBankTransactionCode as Json | undefined)?.Code ?? ''} ${t.TransactionInformation ?? ''}`.toUpperCase()
  if (/CASH|CDP/.test(code) && t.CreditDebitIndicator === 'Credit') return 'cash_deposit'
  if (/SALARY|PAYROLL|BGC/.test(code)) return 'salary'
  if (/INTEREST/.test(code)) return 'interest'
  if (/DIRECT ?DEBIT|STANDING ORDER|\bDD\b|\bSO\b/.test(code)) return 'direct_debit'
  if (/CARD|POS/.test(code)) return 'card'
  if (/TRANSFER|FPS|BACS|CHAPS/.test(code)) return 'transfer'
  return 'other'
}

/** Creates the adapter. */
export function createObieOpenBankingProvider(
  options: { apiUrl: string; accessToken: string; authoriseUrl: string },
  fetchImpl: typeof fetch = fetch,
): OpenBankingProvider {
  async function call(path: string, init: RequestInit = {}): Promise<Json> {
    const res = await fetchImpl(`${options.apiUrl.replace(/\/$/, '')}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        accept: 'application/json',
        'x-fapi-interaction-id': crypto.randomUUID(),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    })
    const body = (await res.json().catch(() => ({}))) as Json
    if (!res.ok) throw new OpenBankingError(`The bank refused the request (HTTP ${res.status}).`)
    return body
  }
  return {
    name: 'obie',
    label: 'Open Banking',
    async banks() {
      return [{ id: 'default', name: 'Your bank', scenario: null }]
    },
    async startConsent({ reference, returnUrl }) {
      const from = new Date()
      from.setUTCFullYear(from.getUTCFullYear() - 1)
      const body = await call('/account-access-consents', {
        method: 'POST',
        body: JSON.stringify({
          Data: {
            Permissions: [
              'ReadAccountsDetail',
              'ReadBalances',
              'ReadTransactionsDetail',
              'ReadTransactionsCredits',
              'ReadTransactionsDebits',
            ],
            TransactionFromDateTime: from.toISOString(),
          },
          Risk: { reference },
        }),
      })
      const consentId = String((body.Data as Json | undefined)?.ConsentId ?? '')
      if (!consentId) throw new OpenBankingError('The bank did not return a consent.')
      const url = new URL(options.authoriseUrl)
      url.searchParams.set('consent', consentId)
      url.searchParams.set('return', returnUrl)
      return { consentId, authoriseUrl: url.toString() }
    },
    async readAccounts(consentId) {
      const q = `?consent=${encodeURIComponent(consentId)}`
      const list = ((await call(`/accounts${q}`)).Data as Json | undefined)?.Account as Json[] | undefined
      const from = new Date()
      from.setUTCFullYear(from.getUTCFullYear() - 1)
      const out: BankAccountData[] = []
      for (const a of list ?? []) {
        const id = String(a.AccountId)
        const scheme = ((a.Account as Json[] | undefined) ?? [])[0] ?? {}
        const ident = String(scheme.Identification ?? '')
        const balances = (((await call(`/accounts/${id}/balances${q}`)).Data as Json).Balance as Json[]) ?? []
        const booked = balances.find((b) => b.Type === 'InterimBooked') ?? balances[0] ?? {}
        const txs =
          (((await call(`/accounts/${id}/transactions${q}&fromBookingDateTime=${from.toISOString()}`)).Data as Json)
            .Transaction as Json[]) ?? []
        out.push({
          id,
          name: String(a.Nickname ?? scheme.Name ?? 'Account'),
          sortCode: ident.length === 14 ? `${ident.slice(0, 2)}-${ident.slice(2, 4)}-${ident.slice(4, 6)}` : '',
          accountNumber: ident.length === 14 ? ident.slice(6) : ident,
          balancePence: pence(booked.Amount, booked.CreditDebitIndicator),
          transactions: txs.map((t) => ({
            id: String(t.TransactionId ?? t.TransactionReference ?? crypto.randomUUID()),
            bookedOn: String(t.BookingDateTime ?? '').slice(0, 10),
            description: String(t.TransactionInformation ?? ''),
            amountPence: pence(t.Amount, t.CreditDebitIndicator),
            category: categoryOf(t),
          })),
        })
      }
      return out
    },
    parseEvent: parseConsentEvent,
  }
}
