/**
 * The payments provider interface (CONVENTIONS.md, providers/): paying a professional's firm for
 * work done through Homeward (today: a survey report delivered). Amounts are pence (integers), GBP.
 * The sandbox adapter answers deterministically and moves no money; the Stripe adapter makes a
 * Stripe Connect transfer to the firm's connected account. Chosen by PAYMENTS_PROVIDER (config.ts).
 */

export interface PayoutRequest {
  /** Our payout id: the idempotency key, so a retry never pays twice. */
  payoutId: string
  /** The firm's account at the provider (Stripe: the connected account id); null in the sandbox. */
  destinationAccount: string | null
  /** What the firm receives: fee minus the platform fee, in pence. */
  amountPence: number
  description: string
}

export interface PayoutResult {
  /** The provider's reference for the payout. */
  reference: string
  status: 'pending' | 'paid'
}

export interface PaymentsProvider {
  /** 'sandbox' or 'stripe'. */
  readonly name: string
  /** Shown beside payouts in the UI ("Sandbox": no money moves). */
  readonly label: string
  /** Starts a payout; resolves with the provider's reference. Throws PaymentsError on refusal. */
  createPayout(request: PayoutRequest): Promise<PayoutResult>
  /** Confirms the payout reached the firm (the sandbox: at once; Stripe: the transfer is settled). */
  markPaid(reference: string): Promise<PayoutResult>
}

export class PaymentsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentsError'
  }
}
