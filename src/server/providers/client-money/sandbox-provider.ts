/**
 * The sandbox client-money partner: deterministic, no money moves, labelled "Sandbox" wherever it
 * shows. Every move's held-funds account is at the sandbox bank (sort code 04-00-04) in the name
 * SANDBOX_ACCOUNT_NAME, with an account number and reference derived from the move's id, so the
 * same move always gets the same instructions (a restart loses nothing). Money arrives when someone
 * presses "Simulate bank transfer received" (features/deposits): the sandbox then sends the signed
 * funds.received webhook through the app's own HTTP stack, as the partner would (sandbox-webhooks.ts).
 *
 * Confirmation of Payee at the sandbox bank, deterministic by name (payee-name-match.ts): its own
 * held-funds accounts are held in SANDBOX_ACCOUNT_NAME; the accounts of SANDBOX_KNOWN_ACCOUNTS in
 * their names; any other account in the name given (a match), so a test can reach every outcome.
 */
import { createHash } from 'node:crypto'
import {
  parseFundsReceived,
  type ClientMoneyPartner,
  type FundsReceivedEvent,
  type PaymentInstructions,
} from './client-money-partner'
import { matchPayeeName } from './payee-name-match'

export const SANDBOX_ACCOUNT_NAME = 'Sandbox Escrow Ltd Client Account'
export const SANDBOX_SORT_CODE = '04-00-04'

/** Accounts the sandbox bank knows by sort code and number, with their holders' names. */
export const SANDBOX_KNOWN_ACCOUNTS: Record<string, string> = {
  '20-00-00 55779911': 'Whitfield and Co Solicitors Client Account',
  '30-99-50 12345678': 'Harbour Lane Conveyancing LLP Client Account',
}

const digest = (s: string) => createHash('sha256').update(s).digest()

/** The sandbox instructions of a move (pure: the same move, the same instructions). */
export function sandboxInstructions(transactionId: string): { account_id: string; instructions: PaymentInstructions } {
  const h = digest(`homeward-client-money-sandbox:${transactionId}`)
  const accountNumber = String(h.readUInt32BE(0) % 100_000_000).padStart(8, '0')
  const reference = `HW${h.subarray(4, 8).toString('hex').toUpperCase()}`
  return {
    account_id: `sbx_acct_${h.subarray(8, 16).toString('hex')}`,
    instructions: {
      account_name: SANDBOX_ACCOUNT_NAME,
      sort_code: SANDBOX_SORT_CODE,
      account_number: accountNumber,
      reference,
    },
  }
}

/** The funds.received event the sandbox sends when a transfer is simulated. */
export function sandboxTransferEvent(input: {
  account_id: string
  amount_pence: number
  payer_name: string
}): FundsReceivedEvent {
  return { type: 'funds.received', payment_id: `sbx_in_${crypto.randomUUID()}`, ...input }
}

export function createSandboxClientMoneyPartner(): ClientMoneyPartner {
  return {
    name: 'sandbox',
    label: 'Sandbox',
    partnerName: 'Sandbox Escrow Ltd',
    regulation:
      'A sandbox partner for trying Homeward: not authorised by the Financial Conduct Authority, and no real money is held.',
    async openAccount({ transactionId }) {
      return sandboxInstructions(transactionId)
    },
    async checkPayee({ sort_code, account_number, name }) {
      const registered =
        sort_code === SANDBOX_SORT_CODE
          ? SANDBOX_ACCOUNT_NAME
          : (SANDBOX_KNOWN_ACCOUNTS[`${sort_code} ${account_number}`] ?? name)
      const result = matchPayeeName(name, registered)
      return { result, registered_name: result === 'close_match' ? registered : null }
    },
    async hold() {},
    async release({ idempotency_key }) {
      return { payment_id: `sbx_out_${digest(`release:${idempotency_key}`).subarray(0, 12).toString('hex')}` }
    },
    async refund({ idempotency_key }) {
      return { payment_id: `sbx_ref_${digest(`refund:${idempotency_key}`).subarray(0, 12).toString('hex')}` }
    },
    parseEvent: parseFundsReceived,
  }
}
