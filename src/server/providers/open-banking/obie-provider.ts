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
import { z } from 'zod'
import type { BankTransactionCategory } from '#shared/domain/source-of-funds.ts'
import { OpenBankingError, type BankAccountData, type OpenBankingProvider } from './open-banking-provider'
import { parseConsentEvent } from './sandbox-provider'

/*
 * The parts of the bank's answers we read (the API's own names), parsed: a bank's answer is untrusted
 * input. Everything but an account's id is optional, as the adapter has always defaulted it.
 */
/** An OBIE Amount: `{ Amount: "1234.56", Currency: "GBP" }`. */
const ObieAmount = z.object({ Amount: z.string().optional() }).optional()
const ObieCode = z.object({ Code: z.string().optional() }).optional()
const ObieTransaction = z.object({
  TransactionId: z.string().optional(),
  TransactionReference: z.string().optional(),
  BookingDateTime: z.string().optional(),
  TransactionInformation: z.string().optional(),
  CreditDebitIndicator: z.string().optional(),
  Amount: ObieAmount,
  BankTransactionCode: ObieCode,
  ProprietaryBankTransactionCode: ObieCode,
})
type ObieTransaction = z.infer<typeof ObieTransaction>
const ObieBalance = z.object({
  Type: z.string().optional(),
  CreditDebitIndicator: z.string().optional(),
  Amount: ObieAmount,
})
const ObieAccount = z.object({
  AccountId: z.string(),
  Nickname: z.string().optional(),
  Account: z.array(z.object({ Identification: z.string().optional(), Name: z.string().optional() })).optional(),
})
const ConsentAnswer = z.object({ Data: z.object({ ConsentId: z.string().optional() }).optional() })
const AccountsAnswer = z.object({ Data: z.object({ Account: z.array(ObieAccount).optional() }).optional() })
const BalancesAnswer = z.object({ Data: z.object({ Balance: z.array(ObieBalance).optional() }) })
const TransactionsAnswer = z.object({ Data: z.object({ Transaction: z.array(ObieTransaction).optional() }) })

/** Pence from an OBIE Amount ("1234.56"). */
function pence(amount: z.infer<typeof ObieAmount>, indicator: string | undefined): number {
  const value = Math.round(Number(amount?.Amount ?? 0) * 100)
  return indicator === 'Debit' ? -value : value
}

/** Our category from an OBIE transaction (its bank transaction code and description). */
function categoryOf(t: ObieTransaction): BankTransactionCategory {
  const code =
    `${t.BankTransactionCode?.Code ?? ''} ${t.ProprietaryBankTransactionCode?.Code ?? ''} ${t.TransactionInformation ?? ''}`.toUpperCase()
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
  /** Calls the bank and parses its answer with `schema`; throws OpenBankingError on a refusal or an answer that does not fit. */
  async function call<S extends z.ZodType>(schema: S, path: string, init: RequestInit = {}): Promise<z.output<S>> {
    const res = await fetchImpl(`${options.apiUrl.replace(/\/$/, '')}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        accept: 'application/json',
        'x-fapi-interaction-id': crypto.randomUUID(),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    })
    const body: unknown = await res.json().catch(() => ({}))
    if (!res.ok) throw new OpenBankingError(`The bank refused the request (HTTP ${res.status}).`)
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      throw new OpenBankingError(
        `The bank's answer to ${path.split('?')[0]} is not in the Open Banking format: ${z.prettifyError(parsed.error)}`,
      )
    }
    return parsed.data
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
      const body = await call(ConsentAnswer, '/account-access-consents', {
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
      const consentId = body.Data?.ConsentId ?? ''
      if (!consentId) throw new OpenBankingError('The bank did not return a consent.')
      const url = new URL(options.authoriseUrl)
      url.searchParams.set('consent', consentId)
      url.searchParams.set('return', returnUrl)
      return { consentId, authoriseUrl: url.toString() }
    },
    async readAccounts(consentId) {
      const q = `?consent=${encodeURIComponent(consentId)}`
      const list = (await call(AccountsAnswer, `/accounts${q}`)).Data?.Account
      const from = new Date()
      from.setUTCFullYear(from.getUTCFullYear() - 1)
      const out: BankAccountData[] = []
      for (const a of list ?? []) {
        const id = a.AccountId
        const scheme = a.Account?.[0] ?? {}
        const ident = scheme.Identification ?? ''
        const balances = (await call(BalancesAnswer, `/accounts/${id}/balances${q}`)).Data.Balance ?? []
        const booked = balances.find((b) => b.Type === 'InterimBooked') ?? balances[0] ?? {}
        const txs =
          (await call(TransactionsAnswer, `/accounts/${id}/transactions${q}&fromBookingDateTime=${from.toISOString()}`))
            .Data.Transaction ?? []
        out.push({
          id,
          name: a.Nickname ?? scheme.Name ?? 'Account',
          sortCode: ident.length === 14 ? `${ident.slice(0, 2)}-${ident.slice(2, 4)}-${ident.slice(4, 6)}` : '',
          accountNumber: ident.length === 14 ? ident.slice(6) : ident,
          balancePence: pence(booked.Amount, booked.CreditDebitIndicator),
          transactions: txs.map((t) => ({
            id: t.TransactionId ?? t.TransactionReference ?? crypto.randomUUID(),
            bookedOn: (t.BookingDateTime ?? '').slice(0, 10),
            description: t.TransactionInformation ?? '',
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
