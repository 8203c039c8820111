/**
 * The open-banking adapters without a network: the sandbox's deterministic scenarios (12 months of
 * data, the same consent reading the same), and the OBIE adapter's requests and mapping against a
 * recorded-shape fake of the Read/Write API v3.1.
 */
import { describe, expect, it } from 'vitest'
import { flagFor } from '#shared/domain/source-of-funds.ts'
import { createObieOpenBankingProvider } from './obie-provider'
import { OpenBankingError } from './open-banking-provider'
import { createSandboxOpenBankingProvider, sandboxAccounts, sandboxBankOf } from './sandbox-provider'

const TODAY = new Date('2026-11-27T12:00:00Z')
const flags = (consent: string) =>
  sandboxAccounts(consent, TODAY).flatMap((a) =>
    a.transactions.filter((t) => flagFor(t)).map((t) => [a.name, flagFor(t), t.amountPence]),
  )

describe('the sandbox provider', () => {
  it('starts a consent on its own bank page, carrying the bank in the consent id', async () => {
    const p = createSandboxOpenBankingProvider('http://localhost:3000')
    const c = await p.startConsent({ bankId: 'sandbox-cash', reference: 'tx', returnUrl: '/app/transactions/x/funds' })
    expect(c.consentId).toMatch(/^sbx_sandbox-cash_[0-9a-f]{16}$/)
    expect(c.authoriseUrl).toMatch(/^\/sandbox\/open-banking\/authorise\?consent=sbx_sandbox-cash_/)
    expect(sandboxBankOf(c.consentId)?.name).toBe('Cash Deposit Bank')
    await expect(p.startConsent({ bankId: 'nope', reference: 'tx', returnUrl: '/' })).rejects.toThrow(OpenBankingError)
  })

  it('reads the same data for the same consent, 12 months back', () => {
    const id = 'sbx_sandbox-saver_0123456789abcdef'
    expect(sandboxAccounts(id, TODAY)).toEqual(sandboxAccounts(id, TODAY))
    const dates = sandboxAccounts(id, TODAY)
      .flatMap((a) => a.transactions.map((t) => t.bookedOn))
      .sort()
    expect(dates[0] >= '2025-12-01').toBe(true)
    expect(dates.at(-1)! <= '2026-11-30').toBe(true)
  })

  it('has one scenario per bank: nothing to explain, a large credit, cash deposits', () => {
    expect(flags('sbx_sandbox-saver_0123456789abcdef')).toEqual([])
    expect(flags('sbx_sandbox-large-credit_0123456789abcdef')).toEqual([['Easy Saver', 'large_credit', 15_000_00]])
    expect(flags('sbx_sandbox-cash_0123456789abcdef').map((f) => f[1])).toEqual([
      'cash_deposit',
      'cash_deposit',
      'cash_deposit',
    ])
  })

  it('parses its events and refuses anything else', () => {
    const p = createSandboxOpenBankingProvider('http://localhost:3000')
    expect(p.parseEvent({ type: 'consent.expired', consent_id: 'c1', reason: 'late' })).toEqual({
      type: 'consent.expired',
      consentId: 'c1',
      reason: 'late',
    })
    expect(() => p.parseEvent({ type: 'payment.made', consent_id: 'c1' })).toThrow(OpenBankingError)
  })
})

describe('the OBIE adapter', () => {
  const calls: { url: string; method: string; body: unknown; auth: string | null }[] = []
  const fake: typeof fetch = async (input, init) => {
    const url = String(input)
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : null,
      auth: new Headers(init?.headers).get('authorization'),
    })
    const path = new URL(url).pathname
    const body = path.endsWith('/account-access-consents')
      ? { Data: { ConsentId: 'urn-consent-1', Status: 'AwaitingAuthorisation' } }
      : path.endsWith('/accounts')
        ? {
            Data: {
              Account: [
                {
                  AccountId: 'a1',
                  Nickname: 'Bills',
                  Account: [
                    {
                      SchemeName: 'UK.OBIE.SortCodeAccountNumber',
                      Identification: '80200110203345',
                      Name: 'Ms B Buyer',
                    },
                  ],
                },
              ],
            },
          }
        : path.endsWith('/balances')
          ? {
              Data: {
                Balance: [
                  {
                    Type: 'InterimBooked',
                    CreditDebitIndicator: 'Credit',
                    Amount: { Amount: '1234.56', Currency: 'GBP' },
                  },
                ],
              },
            }
          : {
              Data: {
                Transaction: [
                  {
                    TransactionId: 't1',
                    BookingDateTime: '2026-10-01T09:00:00Z',
                    CreditDebitIndicator: 'Credit',
                    Amount: { Amount: '500.00' },
                    TransactionInformation: 'CASH DEPOSIT',
                    BankTransactionCode: { Code: 'ReceivedCreditTransfer' },
                  },
                  {
                    TransactionId: 't2',
                    BookingDateTime: '2026-10-02T09:00:00Z',
                    CreditDebitIndicator: 'Debit',
                    Amount: { Amount: '20.10' },
                    TransactionInformation: 'CARD PAYMENT TESCO',
                  },
                ],
              },
            }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  const p = createObieOpenBankingProvider(
    {
      apiUrl: 'https://aisp.example/open-banking/v3.1/aisp',
      accessToken: 'tok',
      authoriseUrl: 'https://bank.example/consent',
    },
    fake,
  )

  it('creates an account-access consent with the read permissions and sends the person to the bank', async () => {
    const c = await p.startConsent({
      bankId: 'default',
      reference: 'tx-1',
      returnUrl: 'https://homeward.example/app/transactions/x/funds',
    })
    expect(c.consentId).toBe('urn-consent-1')
    expect(c.authoriseUrl).toBe(
      'https://bank.example/consent?consent=urn-consent-1&return=https%3A%2F%2Fhomeward.example%2Fapp%2Ftransactions%2Fx%2Ffunds',
    )
    expect(calls[0]).toMatchObject({ method: 'POST', auth: 'Bearer tok' })
    expect((calls[0].body as { Data: { Permissions: string[] } }).Data.Permissions).toContain('ReadTransactionsDetail')
  })

  it('maps accounts, balances and transactions to pence and categories', async () => {
    const [a] = await p.readAccounts('urn-consent-1')
    expect(a).toMatchObject({
      id: 'a1',
      name: 'Bills',
      sortCode: '80-20-01',
      accountNumber: '10203345',
      balancePence: 123456,
    })
    expect(a.transactions).toEqual([
      { id: 't1', bookedOn: '2026-10-01', description: 'CASH DEPOSIT', amountPence: 50000, category: 'cash_deposit' },
      { id: 't2', bookedOn: '2026-10-02', description: 'CARD PAYMENT TESCO', amountPence: -2010, category: 'card' },
    ])
  })

  it('turns a refusal into an OpenBankingError naming the status', async () => {
    const refusing = createObieOpenBankingProvider(
      { apiUrl: 'https://aisp.example', accessToken: 'tok', authoriseUrl: 'https://bank.example/consent' },
      async () => new Response('{}', { status: 403 }),
    )
    await expect(refusing.readAccounts('c')).rejects.toThrow('The bank refused the request (HTTP 403).')
  })
})
