/**
 * A broker's clients and leads (issue 40 item 2, decision 059): made before any offer, kept by the
 * broker and visible to their firm only (access/mortgages.ts lockBrokerClient, 404 for anyone else),
 * linked to the buyer's move later. The client record is the mortgage case row (mortgage_cases with
 * no move until linked): its fact find, DIPs and recommendations follow it onto the move.
 *
 * Each use case is one database transaction. Audit entries go on the move once the record is linked
 * (ids only: the audit trail cannot be erased); a record with no move has no move audit trail.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  CreateClientInput,
  FactFindInput,
  RecommendationInput,
  UpdateClientInput,
  type BrokerClient,
} from '#shared/contracts/mortgages.ts'
import { factFindSummary } from '#shared/domain/mortgages.ts'
import { canKeepBrokerClients } from '#shared/domain/permissions.ts'
import { AppError } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { touchTransaction } from '#server/core/timeline/touch-transaction.ts'
import { lockBrokerClient, lockMortgageCaseForBroker, NOT_A_BROKER_MESSAGE } from '#server/access/mortgages.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { documentAudienceFor } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow } from '#server/db/rows.ts'
import { emptyFactFind, ensureCase, readClient } from './read-case'

/** The audiences an ESIS may have: only the buyer, their conveyancer and their broker (decision 051). */
export const ESIS_AUDIENCE = 'buyer_mortgage'
export const ESIS_RULE =
  'The ESIS must be a document on the client\'s move whose audience is "Buyer\'s mortgage" (only the buyer, their conveyancer and their broker)'
export const LINK_RULE = 'A client can be linked to one move only, a move you are the mortgage broker on'

/** POST /api/broker-clients: a client or lead before any offer, owned by the broker's firm. */
export async function createClient(opts: {
  database: Database
  viewer: Viewer
  input: CreateClientInput
}): Promise<BrokerClient> {
  const { viewer } = opts
  requirePermission('update:broker-client:firm', canKeepBrokerClients(viewer.roles), NOT_A_BROKER_MESSAGE)
  const input = CreateClientInput.parse(opts.input)
  const factFind = emptyFactFind([input.name, ...input.joint_applicants.map((j) => j.name)])
  return opts.database.db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      insert into mortgage_cases (broker_profile_id, organization_id, buyer_name, client_email, client_phone,
        client_status, fact_find)
      values (${viewer.profileId}, (select organization_id from organization_members
          where profile_id = ${viewer.profileId} and removed_at is null limit 1),
        ${input.name}, ${input.email}, ${input.phone}, ${input.status}, ${JSON.stringify(factFind)}::jsonb)
      returning id`)
    return readClient(tx, oneRow(IdRow, res).id, viewer.profileId)
  })
}

/** GET /api/broker-clients/{clientId}. */
export async function getClient(opts: { database: Database; viewer: Viewer; clientId: string }) {
  return opts.database.db.transaction(async (tx) => {
    await lockBrokerClient(tx, opts.viewer, opts.clientId)
    return readClient(tx, opts.clientId, opts.viewer.profileId)
  })
}

/** PUT /api/broker-clients/{clientId}: name, contact details, lead or client. */
export async function updateClient(opts: {
  database: Database
  viewer: Viewer
  clientId: string
  input: UpdateClientInput
}): Promise<BrokerClient> {
  const input = UpdateClientInput.parse(opts.input)
  return opts.database.db.transaction(async (tx) => {
    await lockBrokerClient(tx, opts.viewer, opts.clientId, { forUpdate: true })
    await tx.execute(sql`update mortgage_cases set buyer_name = ${input.name}, client_email = ${input.email},
        client_phone = ${input.phone}, client_status = ${input.status}, updated_at = now()
      where id = ${opts.clientId}`)
    return readClient(tx, opts.clientId, opts.viewer.profileId)
  })
}

/**
 * Writes a fact find and its summary columns (income, commitments, deposit, employment: what the
 * affordability estimate and the lender pack read) on the case `caseId`, in the caller's transaction.
 */
export async function writeFactFind(tx: Tx, caseId: string, input: z.input<typeof FactFindInput>): Promise<void> {
  const data = FactFindInput.parse(input)
  const s = factFindSummary(data)
  await tx.execute(sql`update mortgage_cases set fact_find = ${JSON.stringify(data)}::jsonb,
      gross_annual_income_pence = ${s.grossAnnualIncomePence}, monthly_commitments_pence = ${s.monthlyCommitmentsPence},
      deposit_pence = ${s.depositPence}, employment_status = ${s.employmentStatus ?? 'employed'},
      fact_find_updated_at = now(), updated_at = now()
    where id = ${caseId}`)
}

/**
 * PUT /api/broker-clients/{clientId}/fact-find: the autosave. The whole fact find as it stands,
 * validated by the shared schema (contracts FactFindInput), written in one database transaction with
 * its summary; on a linked move, one audit entry (no figures).
 */
export async function saveClientFactFind(opts: {
  database: Database
  viewer: Viewer
  clientId: string
  input: z.input<typeof FactFindInput>
}): Promise<BrokerClient> {
  return opts.database.db.transaction(async (tx) => {
    const c = await lockBrokerClient(tx, opts.viewer, opts.clientId, { forUpdate: true })
    await writeFactFind(tx, c.id, opts.input)
    if (c.transaction_id) {
      await recordActivity(tx, {
        transactionId: c.transaction_id,
        actorId: opts.viewer.profileId,
        kind: 'mortgage.fact_find_saved',
        summary: "updated the buyer's mortgage fact find",
        payload: { caseId: c.id },
      })
    }
    return readClient(tx, c.id, opts.viewer.profileId)
  })
}

/**
 * POST /api/mortgages/{txId}/client: the client record of a move's buyer, made from the move (named
 * after its buyer) when the broker has none yet; the existing one otherwise.
 */
export async function startClientForMove(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<BrokerClient> {
  return opts.database.db.transaction(async (tx) => {
    await lockMortgageCaseForBroker(tx, opts.viewer, opts.txId)
    const caseId = await ensureCase(tx, opts.txId, opts.viewer.profileId)
    await tx.execute(sql`update mortgage_cases c set buyer_name = coalesce(c.buyer_name,
        (select b.full_name from transactions t join profiles b on b.id = t.buyer_user_id where t.id = c.transaction_id))
      where c.id = ${caseId}`)
    return readClient(tx, caseId, opts.viewer.profileId)
  })
}

/**
 * POST /api/broker-clients/{clientId}/link: puts the client on a buyer's move the viewer is the
 * broker of. A case the broker already had on that move (made by recording a DIP or a stage before the
 * client was linked) is folded in: its DIPs and recommendations move to the client and it is removed.
 * 409 when the client is already on a move or the move already has a client record of this broker.
 */
export async function linkClient(opts: {
  database: Database
  viewer: Viewer
  clientId: string
  txId: string
}): Promise<BrokerClient> {
  const { viewer, clientId, txId } = opts
  return opts.database.db.transaction(async (tx) => {
    const c = await lockBrokerClient(tx, viewer, clientId, { forUpdate: true })
    await lockMortgageCaseForBroker(tx, viewer, txId)
    if (c.transaction_id) throw new AppError('conflict', `${LINK_RULE}: this client is already linked to a move.`)
    const existing = firstRow(
      z.object({ id: z.string(), named: z.boolean() }),
      await tx.execute(sql`select id, (fact_find is not null or buyer_name is not null) as named from mortgage_cases
        where transaction_id = ${txId} and broker_profile_id = ${c.broker_profile_id} for update`),
    )
    if (existing?.named)
      throw new AppError('conflict', `${LINK_RULE}: that move already has a client record, open it from the pipeline.`)
    if (existing) {
      await tx.execute(sql`update mortgage_dips set case_id = ${c.id} where case_id = ${existing.id}`)
      await tx.execute(sql`update mortgage_recommendations set case_id = ${c.id} where case_id = ${existing.id}`)
      await tx.execute(sql`update mortgage_cases c set stage = e.stage, offer_expires_on = e.offer_expires_on
        from mortgage_cases e where c.id = ${c.id} and e.id = ${existing.id}`)
      await tx.execute(sql`delete from mortgage_cases where id = ${existing.id}`)
    }
    await tx.execute(sql`update mortgage_cases set transaction_id = ${txId}, updated_at = now() where id = ${c.id}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'mortgage.client_linked',
      summary: 'linked their client record and fact find to this move',
      payload: { caseId: c.id },
    })
    await touchTransaction(tx, txId)
    return readClient(tx, c.id, viewer.profileId)
  })
}

/**
 * POST /api/broker-clients/{clientId}/recommendations: a product recommendation kept for the Consumer
 * Duty file. The ESIS, when given, must be a document of the client's move the broker can see whose
 * audience is "Buyer's mortgage" (decision 051): 422 naming the rule otherwise, nothing written.
 */
export async function recordRecommendation(opts: {
  database: Database
  viewer: Viewer
  clientId: string
  input: RecommendationInput
}): Promise<BrokerClient> {
  const input = RecommendationInput.parse(opts.input)
  return opts.database.db.transaction(async (tx) => {
    const c = await lockBrokerClient(tx, opts.viewer, opts.clientId, { forUpdate: true })
    if (input.esis_document_id) {
      const ok =
        c.transaction_id !== null &&
        (
          await tx.execute(sql`select 1 from documents d where d.id = ${input.esis_document_id}
            and d.transaction_id = ${c.transaction_id} and d.audience = ${ESIS_AUDIENCE}
            and ${documentAudienceFor('d', opts.viewer.profileId)}`)
        ).rows.length > 0
      if (!ok) throw new AppError('unprocessable', ESIS_RULE)
    }
    const res = await tx.execute(sql`
      insert into mortgage_recommendations (case_id, lender, product, rate_percent, term_months, fees_pence,
        reasons, deal_ends_on, esis_document_id, created_by)
      values (${c.id}, ${input.lender}, ${input.product}, ${input.rate_percent}, ${input.term_months},
        ${input.fees_pence}, ${input.reasons}, ${input.deal_ends_on ?? null}::date, ${input.esis_document_id ?? null},
        ${opts.viewer.profileId})
      returning id`)
    const id = oneRow(IdRow, res).id
    if (c.transaction_id) {
      await recordActivity(tx, {
        transactionId: c.transaction_id,
        actorId: opts.viewer.profileId,
        kind: 'mortgage.recommendation_recorded',
        summary: `recorded a mortgage recommendation (${input.lender})`,
        payload: { caseId: c.id, recommendationId: id },
      })
    }
    return readClient(tx, c.id, opts.viewer.profileId)
  })
}
