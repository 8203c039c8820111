/**
 * The open-banking provider interface (CONVENTIONS.md, providers/): account information (AIS) as
 * the UK Open Banking Read/Write API shapes it: an account-access consent the person authorises at
 * their bank, then the accounts, their balances and 12 months of transactions read under it.
 * Authorisation happens on the bank's side; its outcome reaches us by a signed webhook
 * (`consent.authorised`, `consent.refused`, `consent.expired`) to /api/webhooks/open-banking.
 * Amounts are pence (integers), GBP; dates yyyy-mm-dd. Chosen by OPEN_BANKING_PROVIDER (config.ts).
 */
import type { BankTransactionCategory } from '#shared/domain/source-of-funds.ts'

/** A bank the person can pick (the sandbox: one per scenario). */
export interface BankChoice {
  id: string
  name: string
  /** What happens with this bank, for the sandbox's list (null for a real bank). */
  scenario: string | null
}

export interface StartedConsent {
  /** The provider's consent id. */
  consentId: string
  /** Where the person goes to authorise the consent at their bank. */
  authoriseUrl: string
}

export interface BankTransactionData {
  id: string
  bookedOn: string
  description: string
  /** Positive money in, negative money out. */
  amountPence: number
  category: BankTransactionCategory
}

export interface BankAccountData {
  id: string
  name: string
  sortCode: string
  accountNumber: string
  balancePence: number
  transactions: BankTransactionData[]
}

/** What a webhook from the provider tells us, once its signature is checked. */
export interface ConsentEvent {
  type: 'consent.authorised' | 'consent.refused' | 'consent.expired'
  consentId: string
  reason: string | null
}

export interface OpenBankingProvider {
  /** 'sandbox' or 'obie'. */
  readonly name: string
  /** Shown beside the bank connection in the UI ("Sandbox": no real bank). */
  readonly label: string
  /** Banks the person can choose from. */
  banks(): Promise<BankChoice[]>
  /**
   * Creates an account-access consent (accounts, balances, transactions for the last 12 months)
   * with `bankId`; `returnUrl` is where the bank sends the person back. Throws OpenBankingError.
   */
  startConsent(options: { bankId: string; reference: string; returnUrl: string }): Promise<StartedConsent>
  /** Reads every account under an authorised consent, with balance and 12 months of transactions. */
  readAccounts(consentId: string): Promise<BankAccountData[]>
  /** Parses a webhook body (already signature-checked) into a consent event; throws OpenBankingError when unknown. */
  parseEvent(payload: unknown): ConsentEvent
}

export class OpenBankingError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OpenBankingError'
  }
}
