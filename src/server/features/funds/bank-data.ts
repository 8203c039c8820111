/**
 * Bank data at rest: each account's details, balance and transactions sealed in one envelope
 * (context `bank-account:<id>`), each explanation in its own (`funds-explanation:<account id>:<tx id>`).
 * The context binds a sealed value to its row, so a value copied to another row does not open.
 */
import { sql, type SQL } from 'drizzle-orm'
import { encryptionKeyRing, openEnvelopeText, sealEnvelope } from '#server/platform/encryption/envelope.ts'
import type { BankAccountData } from '#server/providers/open-banking/open-banking-provider.ts'

export const accountContext = (accountId: string) => `bank-account:${accountId}`
export const explanationContext = (accountId: string, transactionId: string) =>
  `funds-explanation:${accountId}:${transactionId}`

/** Seals an account's data for its row. */
export function sealAccount(accountId: string, data: BankAccountData): string {
  return sealEnvelope(encryptionKeyRing(), JSON.stringify(data), accountContext(accountId))
}

/**
 * Opens an account's data. Throws EnvelopeError when it does not open (wrong row or key). The cast is
 * kept: the envelope is authenticated, so what opens is exactly what sealAccount sealed, a BankAccountData.
 */
export function openAccount(accountId: string, sealed: string): BankAccountData {
  return JSON.parse(openEnvelopeText(encryptionKeyRing(), sealed, accountContext(accountId))) as BankAccountData
}

export function sealExplanation(accountId: string, transactionId: string, text: string): string {
  return sealEnvelope(encryptionKeyRing(), text, explanationContext(accountId, transactionId))
}

export function openExplanation(accountId: string, transactionId: string, sealed: string): string {
  return openEnvelopeText(encryptionKeyRing(), sealed, explanationContext(accountId, transactionId))
}

/** A consent not confirmed by the bank within this many minutes is shown as expired (the person connects again). */
export const CONSENT_WAIT_MINUTES = 30

/**
 * SQL of a consent row's state with the wait above applied: 'expired' once an unanswered consent is
 * older than CONSENT_WAIT_MINUTES (the buyer's consents in read-funds.ts, a giftor's in giftor.ts).
 */
export function consentStatusSql(alias: string): SQL {
  const a = sql.identifier(alias)
  return sql`case when ${a}.status = 'awaiting_authorisation' and ${a}.created_at < now() - make_interval(mins => ${CONSENT_WAIT_MINUTES})
    then 'expired' else ${a}.status end`
}
