/**
 * The sandbox open-banking provider: no real bank. It behaves like an AIS API: a consent is
 * authorised (or refused) on a sandbox "bank" page clearly labelled Sandbox (features/funds
 * sandbox-bank-page.ts), and the outcome arrives later by a signed webhook through the app's own
 * HTTP stack (providers/webhooks/sandbox-webhooks.ts). Accounts and 12 months of transactions are
 * made up deterministically from the consent id, so the same consent always reads the same.
 *
 * Scenarios, chosen by the bank the person picks (test data; documented in decision 027):
 * - `sandbox-saver` Healthy Saver Bank: a current account with a monthly salary and a savings
 *   account of £60,000 built up by monthly transfers. Nothing to explain.
 * - `sandbox-large-credit` Windfall Bank: as the saver, plus a £15,000 transfer in "FROM J SMITH"
 *   with no obvious source (a large credit to explain).
 * - `sandbox-cash` Cash Deposit Bank: a current account with three cash deposits at a branch.
 * - `sandbox-refuse` Refusing Bank: the bank refuses the consent whatever the person does.
 * - `sandbox-expire` Lapsing Bank: the consent expires before the bank confirms it.
 * The consent id carries the bank id (`sbx_<bank>_<random>`), so no sandbox state is kept in memory.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type {
  BankAccountData,
  BankChoice,
  BankTransactionData,
  ConsentEvent,
  OpenBankingProvider,
} from './open-banking-provider'
import { OpenBankingError } from './open-banking-provider'

export const SANDBOX_BANKS: readonly BankChoice[] = [
  { id: 'sandbox-saver', name: 'Healthy Saver Bank', scenario: 'A salary and steady savings: nothing to explain' },
  { id: 'sandbox-large-credit', name: 'Windfall Bank', scenario: 'Savings with a £15,000 credit of no obvious source' },
  { id: 'sandbox-cash', name: 'Cash Deposit Bank', scenario: 'Three cash deposits paid in at a branch' },
  { id: 'sandbox-refuse', name: 'Refusing Bank', scenario: 'The bank refuses the consent' },
  { id: 'sandbox-expire', name: 'Lapsing Bank', scenario: 'The consent expires before the bank confirms it' },
]

/** The sandbox bank's page, served by this app (features/funds/sandbox-bank-page.ts). */
export const SANDBOX_BANK_PATH = '/sandbox/open-banking/authorise'

/** The bank id a sandbox consent id carries; null when it is not a sandbox consent id. */
export function sandboxBankOf(consentId: string): BankChoice | null {
  const m = /^sbx_([a-z-]+)_[0-9a-f]{16}$/.exec(consentId)
  return (m && SANDBOX_BANKS.find((b) => b.id === m[1])) || null
}

/** A small deterministic generator (mulberry32) seeded from the consent id. */
function seeded(text: string) {
  let a = [...text].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261) >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** yyyy-mm-dd of the given month offset back from `today` (day 25, or the 3rd for outgoings). */
function monthDay(today: Date, monthsBack: number, day: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack, day))
  return d.toISOString().slice(0, 10)
}

function digits(rand: () => number, n: number) {
  return Array.from({ length: n }, () => Math.floor(rand() * 10)).join('')
}

/** The accounts a sandbox consent reads: 12 months back from `today`. */
export function sandboxAccounts(consentId: string, today: Date = new Date()): BankAccountData[] {
  const bank = sandboxBankOf(consentId)
  if (!bank) throw new OpenBankingError('This consent was not made by the sandbox.')
  const rand = seeded(consentId)
  const sortCode = `${digits(rand, 2)}-${digits(rand, 2)}-${digits(rand, 2)}`
  const current: BankTransactionData[] = []
  const savings: BankTransactionData[] = []
  for (let m = 11; m >= 0; m--) {
    current.push({
      id: `c-sal-${m}`,
      bookedOn: monthDay(today, m, 25),
      description: 'SALARY ACME LTD',
      amountPence: 3_200_00,
      category: 'salary',
    })
    current.push({
      id: `c-rent-${m}`,
      bookedOn: monthDay(today, m, 3),
      description: 'RENT STANDING ORDER',
      amountPence: -1_150_00,
      category: 'direct_debit',
    })
    current.push({
      id: `c-card-${m}`,
      bookedOn: monthDay(today, m, 12),
      description: 'SUPERMARKET',
      amountPence: -(300_00 + Math.floor(rand() * 200_00)),
      category: 'card',
    })
    if (bank.id !== 'sandbox-cash') {
      current.push({
        id: `c-save-${m}`,
        bookedOn: monthDay(today, m, 26),
        description: 'TO EASY SAVER',
        amountPence: -1_000_00,
        category: 'transfer',
      })
      savings.push({
        id: `s-in-${m}`,
        bookedOn: monthDay(today, m, 26),
        description: 'FROM CURRENT ACCOUNT',
        amountPence: 1_000_00,
        category: 'transfer',
      })
      savings.push({
        id: `s-int-${m}`,
        bookedOn: monthDay(today, m, 28),
        description: 'INTEREST',
        amountPence: 120_00,
        category: 'interest',
      })
    }
  }
  if (bank.id === 'sandbox-large-credit')
    savings.push({
      id: 's-large-1',
      bookedOn: monthDay(today, 2, 14),
      description: 'FROM J SMITH',
      amountPence: 15_000_00,
      category: 'transfer',
    })
  if (bank.id === 'sandbox-cash') {
    for (const [i, m] of [7, 4, 1].entries())
      current.push({
        id: `c-cash-${i + 1}`,
        bookedOn: monthDay(today, m, 9),
        description: 'CASH DEPOSIT HIGH ST BRANCH',
        amountPence: 1_800_00 + i * 350_00,
        category: 'cash_deposit',
      })
  }
  const byDate = (a: BankTransactionData, b: BankTransactionData) =>
    a.bookedOn < b.bookedOn ? 1 : a.bookedOn > b.bookedOn ? -1 : 0
  const accounts: BankAccountData[] = [
    {
      id: 'acc-current',
      name: 'Everyday Current Account',
      sortCode,
      accountNumber: digits(rand, 8),
      balancePence: 2_450_00,
      transactions: current.sort(byDate),
    },
  ]
  if (savings.length)
    accounts.push({
      id: 'acc-saver',
      name: 'Easy Saver',
      sortCode,
      accountNumber: digits(rand, 8),
      balancePence: bank.id === 'sandbox-large-credit' ? 60_000_00 + 15_000_00 : 60_000_00,
      transactions: savings.sort(byDate),
    })
  return accounts
}

/** Creates the sandbox provider; `publicUrl` is this app's address (the sandbox bank page is ours). */
export function createSandboxOpenBankingProvider(publicUrl: string): OpenBankingProvider {
  return {
    name: 'sandbox',
    label: 'Sandbox',
    async banks() {
      return [...SANDBOX_BANKS]
    },
    async startConsent({ bankId, returnUrl }) {
      if (!SANDBOX_BANKS.some((b) => b.id === bankId)) throw new OpenBankingError('Choose one of the sandbox banks.')
      const consentId = `sbx_${bankId}_${randomBytes(8).toString('hex')}`
      const url = new URL(SANDBOX_BANK_PATH, publicUrl)
      url.searchParams.set('consent', consentId)
      url.searchParams.set('return', returnUrl)
      return { consentId, authoriseUrl: `${url.pathname}${url.search}` }
    },
    async readAccounts(consentId) {
      return sandboxAccounts(consentId)
    },
    parseEvent(payload) {
      return parseConsentEvent(payload)
    },
  }
}

const ConsentEventPayload = z.object({
  type: z.enum(['consent.authorised', 'consent.refused', 'consent.expired']),
  consent_id: z.string(),
  reason: z.string().optional().catch(undefined),
})

/** The event format the sandbox sends (and the real adapter expects from an aggregator's webhook). */
export function parseConsentEvent(payload: unknown): ConsentEvent {
  const p = ConsentEventPayload.safeParse(payload)
  if (!p.success) throw new OpenBankingError('Unknown open-banking event.')
  return { type: p.data.type, consentId: p.data.consent_id, reason: p.data.reason ?? null }
}
