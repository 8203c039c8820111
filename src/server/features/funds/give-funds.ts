/**
 * The buyer's own writes to the funding picture, each in one database transaction with its audit
 * entry: the statements and SDLT answers (PUT .../funds/plan), choosing accounts (PUT
 * .../funds/accounts/{accountId}), explaining a flagged transaction (PUT .../funds/explanations: the
 * text sealed; 422 when the transaction is not one the picture flags) and adding a gift (POST
 * .../funds/gifts). A change after the conveyancer's review leaves the review as it was: they decide
 * again when they look.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { FundsPicture, SaveFundsPlanInput } from '#shared/contracts/funds.ts'
import { flagFor } from '#shared/domain/source-of-funds.ts'
import { lockFundsForBuyer } from '#server/access/funds.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { OpenBankingProvider } from '#server/providers/open-banking/index.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { openAccount, sealExplanation } from './bank-data'
import { inviteGiftor } from './giftor'
import { buildFundsPicture } from './read-funds'

interface BuyerWrite {
  database: Database
  viewer: Viewer
  txId: string
  provider: OpenBankingProvider
}

async function asBuyer(opts: BuyerWrite, work: (tx: Tx) => Promise<void>): Promise<FundsPicture> {
  return opts.database.db.transaction(async (tx) => {
    await lockFundsForBuyer(tx, opts.viewer, opts.txId)
    await work(tx)
    return buildFundsPicture(tx, opts.txId, 'buyer', opts.provider, opts.viewer.profileId)
  })
}

/** Creates the move's plan row when there is none (defaults), so later writes update one row. */
export async function ensurePlan(tx: Tx, txId: string): Promise<void> {
  await tx.execute(sql`insert into funding_plans (transaction_id) values (${txId}) on conflict do nothing`)
}

/** PUT .../funds/plan. */
export function saveFundsPlan(opts: BuyerWrite & { input: SaveFundsPlanInput }): Promise<FundsPicture> {
  const i = opts.input
  return asBuyer(opts, async (tx) => {
    await ensurePlan(tx, opts.txId)
    // The land tax answers are each buyer's own (decision 070): the lead's on the plan, a joint
    // buyer's in purchaser_tax_answers; the amounts are the buyers' one shared plan.
    const lead = await tx.execute(sql`select 1 from transactions where id = ${opts.txId}
      and buyer_user_id is distinct from ${opts.viewer.profileId}`)
    const joint = lead.rows.length > 0
    if (joint)
      await tx.execute(sql`insert into purchaser_tax_answers
          (transaction_id, profile_id, first_time_buyer, additional_property, non_resident)
        values (${opts.txId}, ${opts.viewer.profileId}, ${i.first_time_buyer}, ${i.additional_property}, ${i.non_resident})
        on conflict (transaction_id, profile_id) do update set first_time_buyer = excluded.first_time_buyer,
          additional_property = excluded.additional_property, non_resident = excluded.non_resident, updated_at = now()`)
    await tx.execute(sql`update funding_plans set
        first_time_buyer = case when ${joint} then first_time_buyer else ${i.first_time_buyer} end,
        additional_property = case when ${joint} then additional_property else ${i.additional_property} end,
        non_resident = case when ${joint} then non_resident else ${i.non_resident} end,
        mortgage_stated_pence = ${i.mortgage_stated_pence}, sale_proceeds_pence = ${i.sale_proceeds_pence},
        fees_pence = ${i.fees_pence}, version = version + 1, updated_at = now()
      where transaction_id = ${opts.txId}`)
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'funds.plan_saved',
      summary: 'updated their funding plan',
    })
  })
}

/** PUT .../funds/accounts/{accountId}: 404 when the account is not this move's. */
export function selectAccount(opts: BuyerWrite & { accountId: string; selected: boolean }): Promise<FundsPicture> {
  return asBuyer(opts, async (tx) => {
    // The buyer's own accounts only: a giftor's bank check is never part of the picture (decision 069).
    const res = await tx.execute(sql`update bank_accounts set selected = ${opts.selected}
      where id = ${opts.accountId} and transaction_id = ${opts.txId}
        and consent_id in (select id from bank_consents where gift_id is null) returning name`)
    const row = firstRow(z.object({ name: z.string() }), res)
    if (!row) throw notFound('account')
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'funds.account_selected',
      summary: `${opts.selected ? 'used' : 'left out'} a bank account in their funding picture`,
    })
  })
}

export const NOT_FLAGGED_RULE =
  'Only a transaction the funding picture flags (a large credit or cash paid in) is explained here'

/** PUT .../funds/explanations: replaces an earlier explanation of the same transaction. */
export function explainTransaction(
  opts: BuyerWrite & { accountId: string; transactionId: string; explanation: string },
): Promise<FundsPicture> {
  return asBuyer(opts, async (tx) => {
    const res = await tx.execute(sql`select id, data_sealed from bank_accounts
      where id = ${opts.accountId} and transaction_id = ${opts.txId}
        and consent_id in (select id from bank_consents where gift_id is null)`)
    const row = firstRow(z.object({ id: z.string(), data_sealed: z.string() }), res)
    if (!row) throw notFound('account')
    const t = openAccount(row.id, row.data_sealed).transactions.find((x) => x.id === opts.transactionId)
    if (!t || !flagFor(t)) throw new AppError('unprocessable', NOT_FLAGGED_RULE)
    const sealed = sealExplanation(row.id, t.id, opts.explanation)
    await tx.execute(sql`insert into funding_explanations (transaction_id, account_id, provider_transaction_id, explanation_sealed, created_by)
      values (${opts.txId}, ${row.id}, ${t.id}, ${sealed}, ${opts.viewer.profileId})
      on conflict (account_id, provider_transaction_id) do update set explanation_sealed = excluded.explanation_sealed,
        created_at = now()`)
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'funds.explained',
      summary: 'explained a credit in their bank account',
    })
  })
}

/** Where emails link to and whether they go out now (the outbox), for writes that invite. */
interface MailOptions {
  publicUrl: string
  deliverMail: boolean
}

export const GIFTOR_ON_MOVE = (email: string) =>
  `${email} is already on this move. A giftor is someone outside it: give the giftor's own email address.`

/**
 * POST .../funds/gifts: records the gift and invites the giftor by email (features/funds/giftor.ts),
 * in one database transaction. 422 when the email is that of someone on the move.
 */
export function addGift(
  opts: BuyerWrite &
    MailOptions & {
      input: { giftor_name: string; giftor_email: string; relationship: string; amount_pence: number }
    },
): Promise<FundsPicture> {
  const i = opts.input
  const email = i.giftor_email.toLowerCase()
  return asBuyer(opts, async (tx) => {
    const onMove = await tx.execute(sql`select 1 from profiles p where lower(p.email) = ${email} and (
        p.id in (select buyer_user_id from transactions where id = ${opts.txId}
                 union select seller_user_id from transactions where id = ${opts.txId})
        or p.id in (select user_id from transaction_participants where transaction_id = ${opts.txId}))`)
    if (onMove.rows.length)
      throw new AppError('unprocessable', GIFTOR_ON_MOVE(email), { giftor_email: ['Someone on this move'] })
    await ensurePlan(tx, opts.txId)
    const res =
      await tx.execute(sql`insert into funding_gifts (transaction_id, giftor_name, giftor_email, relationship, amount_pence, created_by)
      values (${opts.txId}, ${i.giftor_name}, ${email}, ${i.relationship}, ${i.amount_pence}, ${opts.viewer.profileId})
      returning id`)
    const giftId = oneRow(IdRow, res).id
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'funds.gift_added',
      summary: 'added a gift towards the deposit',
      payload: { giftId },
    })
    await inviteGiftor(tx, opts, { id: giftId, txId: opts.txId, email, amountPence: i.amount_pence })
  })
}

/**
 * POST .../funds/gifts/{giftId}/invitation: re-sends the giftor's invitation (a new link, 7 more
 * days; the old link says a newer one was sent). 404 for a gift of another move; 409 once the giftor
 * accepted.
 */
export function resendGiftInvitation(opts: BuyerWrite & MailOptions & { giftId: string }): Promise<FundsPicture> {
  return asBuyer(opts, async (tx) => {
    const found = await tx.execute(sql`select g.id, g.giftor_email, g.amount_pence::float8 as amount_pence,
        g.giftor_profile_id, t.status as move_status, i.id as invitation_id
      from funding_gifts g join transactions t on t.id = g.transaction_id left join invitations i on i.gift_id = g.id
      where g.id = ${opts.giftId} and g.transaction_id = ${opts.txId} for update of g`)
    const gift = firstRow(
      z.object({
        id: z.string(),
        giftor_email: z.string(),
        amount_pence: z.number(),
        giftor_profile_id: z.string().nullable(),
        move_status: z.string(),
        invitation_id: z.string().nullable(),
      }),
      found,
    )
    if (!gift) throw notFound('gift')
    if (gift.giftor_profile_id)
      throw new AppError('conflict', 'The giftor has already accepted the invitation, so there is nothing to re-send.')
    if (gift.move_status === 'completed' || gift.move_status === 'cancelled')
      throw new AppError('conflict', `This move is ${gift.move_status}, so the giftor can no longer be invited.`)
    await inviteGiftor(tx, opts, {
      id: gift.id,
      txId: opts.txId,
      email: gift.giftor_email,
      amountPence: Number(gift.amount_pence),
      invitationId: gift.invitation_id ?? undefined,
    })
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'invitation.resent',
      // A giftor's invitation: the buyer and their conveyancer only (decision 052).
      audience: 'buyer_funds',
      summary: 're-sent the invitation to confirm a gift',
      payload: { invitationId: gift.invitation_id, giftId: gift.id },
    })
  })
}
