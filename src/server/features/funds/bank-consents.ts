/**
 * Connecting a bank: the buyer starts an account-information consent (POST .../funds/bank-consents,
 * answered with where to authorise it at the bank), and the provider's signed webhook
 * (POST /api/webhooks/open-banking) tells us the outcome. On `consent.authorised` the accounts,
 * balances and 12 months of transactions are read from the provider first, outside any database
 * transaction (a slow bank never holds a lock), then stored sealed in one database transaction with
 * the webhook's receipt and the consent's new status: a failure writes nothing, and the provider
 * retries. The partner is likewise called between two short database transactions when a consent starts. A refused or expired consent keeps its reason for the buyer's
 * message and retry. A giftor's bank check (decision 069, giftor.ts) starts its consent with the gift's
 * id and is settled here the same way.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { fundsPath } from '#shared/paths.ts'
import { lockFundsForBuyer } from '#server/access/funds.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { OpenBankingProvider } from '#server/providers/open-banking/index.ts'
import { OpenBankingError } from '#server/providers/open-banking/open-banking-provider.ts'
import { recordWebhookReceipt, verifyWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { sealAccount } from './bank-data'
import { ensurePlan } from './give-funds'
import { startProviderConsent } from './start-provider-consent'

/** POST .../funds/bank-consents: 422 when the provider refuses to start one. */
export async function startBankConsent(opts: {
  database: Database
  viewer: Viewer
  txId: string
  bankId: string
  provider: OpenBankingProvider
}): Promise<{ consent_id: string; authorise_url: string }> {
  const { provider, txId } = opts
  // Who may connect a bank is checked before the partner is called, and again when the consent is kept.
  await opts.database.db.transaction((tx) => lockFundsForBuyer(tx, opts.viewer, txId))
  const { bank, started } = await startProviderConsent(provider, opts.bankId, {
    reference: txId,
    returnUrl: fundsPath(txId),
  })
  return opts.database.db.transaction(async (tx) => {
    await lockFundsForBuyer(tx, opts.viewer, txId)
    await ensurePlan(tx, txId)
    const res =
      await tx.execute(sql`insert into bank_consents (transaction_id, profile_id, provider, provider_consent_id, bank_id, bank_name)
      values (${txId}, ${opts.viewer.profileId}, ${provider.name}, ${started.consentId}, ${bank.id}, ${bank.name}) returning id`)
    const consentId = oneRow(IdRow, res).id
    await recordActivity(tx, {
      transactionId: txId,
      actorId: opts.viewer.profileId,
      kind: 'funds.bank_consent_started',
      summary: 'started connecting a bank for their source of funds',
      payload: { bank: bank.name },
    })
    return { consent_id: consentId, authorise_url: started.authoriseUrl }
  })
}

/** The `type` of a delivery, for its receipt (the provider's parseEvent reads the rest). */
const EventEnvelope = z.object({ type: z.unknown().optional() })

/** A consent being settled by the bank's event. */
const LockedConsent = z.object({
  id: z.string(),
  transaction_id: z.string(),
  profile_id: z.string(),
  status: z.string(),
  bank_name: z.string(),
  gift_id: z.string().nullable(),
})

/** The webhook's provider key in provider_webhook_receipts. */
export const webhookProviderKey = (provider: OpenBankingProvider) => `open-banking-${provider.name}`

/**
 * POST /api/webhooks/open-banking: checks the signature and replay (401, 409), then applies the
 * event to its consent (404 when unknown: the provider's error, not retried). An event for a consent
 * already settled changes nothing (200).
 */
export async function receiveConsentWebhook(opts: {
  database: Database
  provider: OpenBankingProvider
  secret: string
  headers: Headers
  body: string
}): Promise<void> {
  const { provider } = opts
  const { payload, webhookId } = verifyWebhook({ secret: opts.secret, headers: opts.headers, body: opts.body })
  let event
  try {
    event = provider.parseEvent(payload)
  } catch (err) {
    if (err instanceof OpenBankingError) throw new AppError('validation_failed', err.message)
    throw err
  }
  // The bank is read before the database transaction opens; the consent's status is checked again under its lock.
  let accounts: Awaited<ReturnType<OpenBankingProvider['readAccounts']>> | null = null
  if (event.type === 'consent.authorised') {
    const [known] = rows(
      z.object({ status: z.string() }),
      await opts.database.query('select status from bank_consents where provider = $1 and provider_consent_id = $2', [
        provider.name,
        event.consentId,
      ]),
    )
    if (known?.status === 'awaiting_authorisation') {
      try {
        accounts = await provider.readAccounts(event.consentId)
      } catch (err) {
        // A 5xx makes the provider retry the delivery later; nothing is written.
        if (err instanceof OpenBankingError) throw new AppError('internal', err.message)
        throw err
      }
    }
  }
  await opts.database.db.transaction(async (tx) => {
    await recordWebhookReceipt(tx, {
      provider: webhookProviderKey(provider),
      webhookId,
      eventType: String(EventEnvelope.safeParse(payload).data?.type ?? 'unknown'),
    })
    const res =
      await tx.execute(sql`select id, transaction_id, profile_id, status, bank_name, gift_id from bank_consents
      where provider = ${provider.name} and provider_consent_id = ${event.consentId} for update`)
    const consent = firstRow(LockedConsent, res)
    if (!consent) throw new AppError('not_found', 'No consent has this id.')
    if (consent.status !== 'awaiting_authorisation') return
    if (event.type !== 'consent.authorised') {
      const status = event.type === 'consent.refused' ? 'refused' : 'expired'
      await tx.execute(sql`update bank_consents set status = ${status}, failure_reason = ${event.reason}, updated_at = now()
        where id = ${consent.id}`)
      await recordActivity(tx, {
        transactionId: consent.transaction_id,
        actorId: null,
        kind: `funds.bank_consent_${status}`,
        summary: consent.gift_id
          ? `a giftor's bank check was ${status}`
          : `a bank connection for their source of funds was ${status}`,
        payload: { bank: consent.bank_name, giftId: consent.gift_id },
      })
      return
    }
    // Read before the lock while the consent was awaiting authorisation, as it still is under the lock.
    if (!accounts) throw new AppError('internal', 'The bank connection changed while it was read. Retry the delivery.')
    for (const account of accounts) {
      const idRes = await tx.execute(sql`select gen_random_uuid()::text as id`)
      const id = oneRow(IdRow, idRes).id
      await tx.execute(sql`insert into bank_accounts (id, consent_id, transaction_id, provider_account_id, name, last4, data_sealed)
        values (${id}, ${consent.id}, ${consent.transaction_id}, ${account.id}, ${account.name},
          ${account.accountNumber.slice(-4)}, ${sealAccount(id, account)})`)
    }
    await tx.execute(sql`update bank_consents set status = 'authorised', updated_at = now() where id = ${consent.id}`)
    await recordActivity(tx, {
      transactionId: consent.transaction_id,
      actorId: consent.profile_id,
      kind: 'funds.bank_connected',
      summary: consent.gift_id
        ? 'connected the bank their gift comes from'
        : 'connected a bank for their source of funds',
      payload: { bank: consent.bank_name, accounts: accounts.length, giftId: consent.gift_id },
    })
  })
}
