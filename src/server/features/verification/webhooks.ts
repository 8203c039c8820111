/**
 * The partners' webhooks: POST /api/webhooks/identity/{provider} and /api/webhooks/sanctions/{provider}.
 * Each delivery is checked (Standard Webhooks signature, 5-minute tolerance) and recorded once in the
 * same database transaction as the work it triggers (providers/webhooks/provider-webhooks.ts): a bad
 * signature is 401, a replay 409, an unknown provider or check 404, and a failure leaves nothing
 * written, so the provider's retry is processed.
 *
 * An identity result updates the check; a verified check is valid for 12 months or until the
 * document expires if sooner. Then every active move on which the person is a client gets its CDD
 * record linked (created when missing) and a fresh screening under the name on the document; so does
 * each gift of theirs as a giftor (decision 069).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { IDENTITY_CHECK_VALID_MONTHS } from '#shared/domain/client-due-diligence.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { acceptWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import type { ScreeningRequest } from '#server/providers/sanctions-screening/sanctions-screening-provider.ts'
import { prepareGiftScreenings } from '#server/core/gift-screening.ts'
import { applyScreening, ensureCddRecord, prepareScreening, screeningSubject, type Providers } from './cdd-record'
import { resultContext } from './identity-check'
import { sealJson } from './sealed-json'

const eventType = (p: unknown) =>
  String((typeof p === 'object' && p !== null && 'type' in p ? p.type : null) ?? 'unknown')

function parsed<T>(parse: () => T): T {
  try {
    return parse()
  } catch (err) {
    throw new AppError(
      'validation_failed',
      `The webhook body is not a result this endpoint reads: ${err instanceof Error ? err.message : String(err)}.`,
    )
  }
}

/** Applies an identity provider's result. */
export async function receiveIdentityWebhook(opts: {
  database: Database
  providers: Providers
  secret: string
  providerName: string
  headers: Headers
  body: string
}): Promise<void> {
  const provider = opts.providers.identity
  if (opts.providerName !== provider.name) throw notFound('identity provider')
  const screenings: ScreeningRequest[] = []
  await opts.database.db.transaction(async (tx) => {
    const payload = await acceptWebhook({
      tx,
      provider: `identity-${provider.name}`,
      secret: opts.secret,
      headers: opts.headers,
      body: opts.body,
      eventType,
    })
    const result = parsed(() => provider.parseWebhook(payload))
    if (!/^[0-9a-f-]{36}$/i.test(result.checkId)) throw notFound('identity check')
    const found = await tx.execute(sql`select id, profile_id, status from identity_checks
      where id = ${result.checkId}::uuid and provider = ${provider.name} for update`)
    const check = firstRow(z.object({ id: z.string(), profile_id: z.string(), status: z.string() }), found)
    if (!check) throw notFound('identity check')
    // Already applied (a provider's second event for the same check): nothing to do.
    if (check.status !== 'processing') return
    await tx.execute(sql`update identity_checks set status = ${result.outcome}, face_match = ${result.faceMatch},
        liveness = ${result.liveness}, document_authentic = ${result.documentAuthentic},
        chip_read = ${result.chipRead}, confidence = ${result.confidence}, failure_reason = ${result.failureReason},
        result_sealed = ${sealJson(result, resultContext(check.id))}, completed_at = now(), updated_at = now(),
        provider_check_id = ${result.providerCheckId},
        expires_at = case when ${result.outcome}::text = 'verified' then least(
          now() + make_interval(months => ${IDENTITY_CHECK_VALID_MONTHS}),
          (document_expires_on + 1)::timestamp at time zone 'Europe/London') end
      where id = ${check.id}`)
    const moves = await tx.execute(sql`
      select t.id, case when t.buyer_user_id = ${check.profile_id} or p.role = 'buyer' then 'buyer' else 'seller' end as side
      from transactions t left join transaction_participants p on p.transaction_id = t.id and p.user_id = ${check.profile_id}
        and p.role in ('buyer', 'seller')
      where t.status not in ('completed', 'cancelled')
        and (t.buyer_user_id = ${check.profile_id} or t.seller_user_id = ${check.profile_id} or p.user_id is not null)`)
    for (const move of rows(z.object({ id: z.string(), side: z.enum(['buyer', 'seller']) }), moves)) {
      const cddId = await ensureCddRecord(tx, move.id, check.profile_id, move.side)
      if (result.outcome === 'verified') {
        screenings.push(await prepareScreening(tx, opts.providers.screening.name, cddId))
      }
    }
    // A giftor is screened too, on each gift of an open move (decision 069).
    if (result.outcome === 'verified')
      screenings.push(
        ...(await prepareGiftScreenings(
          tx,
          opts.providers.screening.name,
          check.profile_id,
          await screeningSubject(tx, check.profile_id),
        )),
      )
  })
  // After the commit, so that each answer finds its reference; a failure leaves that screening pending.
  for (const request of screenings) await opts.providers.screening.startScreening(request)
}

/** Applies a screening result; 404 when no record waits for its reference (a superseded screening). */
export async function receiveScreeningWebhook(opts: {
  database: Database
  providers: Providers
  secret: string
  providerName: string
  headers: Headers
  body: string
}): Promise<void> {
  const provider = opts.providers.screening
  if (opts.providerName !== provider.name) throw notFound('screening provider')
  await opts.database.db.transaction(async (tx) => {
    const payload = await acceptWebhook({
      tx,
      provider: `sanctions-${provider.name}`,
      secret: opts.secret,
      headers: opts.headers,
      body: opts.body,
      eventType,
    })
    const result = parsed(() => provider.parseWebhook(payload))
    if (!(await applyScreening(tx, result.reference, result.matches))) throw notFound('screening')
  })
}
