/**
 * The client-money partner (CONVENTIONS.md, providers/): a regulated firm (an escrow or client-money
 * account provider) that holds the buyer's deposit, so that Homeward never holds client money. For a
 * move it opens a held-funds account and gives the payer's instructions (account name, sort code,
 * account number, reference); it tells us by a signed webhook when funds arrive; it holds them; and
 * on our instruction it releases them (to the seller's conveyancer's client account, at exchange or
 * completion) or refunds them to the account they came from. It also answers Confirmation of Payee
 * name checks of an account, as UK banks do (Pay.UK's CoP: match, close match with the real name,
 * no match). Chosen by CLIENT_MONEY_PROVIDER (config.ts): the deterministic sandbox or a generic
 * escrow API over HTTP.
 */
import { z } from 'zod'

/** How the payer pays into the held-funds account. */
export interface PaymentInstructions {
  account_name: string
  /** Six digits as 12-34-56. */
  sort_code: string
  /** Eight digits. */
  account_number: string
  /** Quoted on the transfer, so the partner matches it to the move. */
  reference: string
}

/** Confirmation of Payee answer for a name against an account. */
export interface PayeeCheck {
  result: 'match' | 'close_match' | 'no_match'
  /** The name the bank holds for the account: given on a close match only, as CoP does. */
  registered_name: string | null
}

/** A payee of a release: the seller's conveyancer's client account. */
export interface Payee {
  account_name: string
  sort_code: string
  account_number: string
}

/** What the partner's webhook says happened (the only event so far: money arrived). */
export interface FundsReceivedEvent {
  type: 'funds.received'
  account_id: string
  /** The partner's id of the incoming payment: one posting per payment. */
  payment_id: string
  amount_pence: number
  payer_name: string
}

export interface ClientMoneyPartner {
  /** 'sandbox' or 'http'. */
  readonly name: string
  /** Shown beside the deposit ("Sandbox": no money moves). */
  readonly label: string
  /** The company that holds the money, named on the deposit page (e.g. "Sandbox Escrow Ltd"). */
  readonly partnerName: string
  /** Its regulatory status in words, for the buyer (FCA authorisation and reference number). */
  readonly regulation: string
  /**
   * Opens a held-funds account for the move (idempotent by `transactionId`: the same account again).
   * Returns the partner's account id and the payer's instructions.
   */
  openAccount(input: { transactionId: string; buyerName: string }): Promise<{
    account_id: string
    instructions: PaymentInstructions
  }>
  /** Confirmation of Payee: does `name` match the holder of the account? */
  checkPayee(input: { sort_code: string; account_number: string; name: string }): Promise<PayeeCheck>
  /** Ring-fences `amount_pence` of the account's funds for the move (after funds are received). */
  hold(input: { account_id: string; amount_pence: number }): Promise<void>
  /**
   * Pays `amount_pence` from the account to `payee`. `idempotency_key` (our release id) makes a
   * retry pay once. Returns the partner's payment id. Throws ClientMoneyError.
   */
  release(input: { account_id: string; amount_pence: number; payee: Payee; idempotency_key: string }): Promise<{
    payment_id: string
  }>
  /** Pays `amount_pence` back to the account the funds came from; idempotent as release. */
  refund(input: { account_id: string; amount_pence: number; idempotency_key: string }): Promise<{ payment_id: string }>
  /** Reads a verified webhook payload; throws ClientMoneyError 'bad_event' for anything else. */
  parseEvent(payload: unknown): FundsReceivedEvent
}

export class ClientMoneyError extends Error {
  constructor(
    public readonly reason: 'unavailable' | 'refused' | 'bad_event',
    message: string,
  ) {
    super(message)
    this.name = 'ClientMoneyError'
  }
}

const FundsReceivedPayload = z.object({
  type: z.literal('funds.received'),
  account_id: z.string(),
  payment_id: z.string(),
  amount_pence: z.int().positive(),
  payer_name: z.string(),
}) satisfies z.ZodType<FundsReceivedEvent>

/** Reads a funds.received event (the sandbox's format, which the HTTP adapter's partner sends too). */
export function parseFundsReceived(payload: unknown): FundsReceivedEvent {
  const p = FundsReceivedPayload.safeParse(payload)
  if (!p.success) {
    throw new ClientMoneyError(
      'bad_event',
      'The webhook is not a funds.received event with a positive amount in pence.',
    )
  }
  return p.data
}
