/**
 * The giftor's checks for the buyer's conveyancer (decision 069): GET
 * /transactions/{txId}/funds/gifts/{giftId}/checks, the due diligence on a gift that Armalytix and
 * Thirdfort give: the giftor's identity check (state and date), their sanctions and PEP screening
 * (core/gift-screening.ts: result, matches, date) and their own bank check through the open-banking
 * provider (giftor.ts: accounts, balances against the gift, credits of the last 12 months the funding
 * picture would flag), each with its provider's label ('Sandbox' when not real). The buyer's
 * conveyancer only (access/funds.ts readGiftChecksRole: the buyer 403, anyone else 404); each
 * reading is recorded in the audit trail for the buyer's side.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { GIFTOR_IDENTITY_STATES, type GiftChecks } from '#shared/contracts/funds.ts'
import { SCREENING_STATES } from '#shared/domain/client-due-diligence.ts'
import { flagFor } from '#shared/domain/source-of-funds.ts'
import { readGiftChecksRole } from '#server/access/funds.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { openGiftScreening } from '#server/core/gift-screening.ts'
import { openAccount } from './bank-data'
import { giftBankCheck, identityStateOf } from './giftor'

const GiftRow = z.object({
  id: z.string(),
  giftor_name: z.string(),
  relationship: z.string(),
  amount_pence: z.number(),
  giftor_profile_id: z.string().nullable(),
  identity: z.enum(GIFTOR_IDENTITY_STATES),
  identity_checked_at: z.string().nullable(),
  screening_status: z.enum(['not_started', ...SCREENING_STATES]),
  screening_sealed: z.string().nullable(),
  sanctions_match: z.boolean(),
  pep: z.boolean(),
  screened_at: z.string().nullable(),
})

const iso = (t: string | null) => (t ? new Date(t).toISOString() : null)

/** The providers' labels, from the route (each provider's own: decision 044). */
export interface CheckLabels {
  identity: string
  screening: string
  openBanking: string
}

export async function getGiftChecks(opts: {
  database: Database
  viewer: Viewer
  txId: string
  giftId: string
  labels: CheckLabels
}): Promise<GiftChecks> {
  const { txId, giftId, labels } = opts
  return opts.database.db.transaction(async (tx) => {
    await readGiftChecksRole(tx, opts.viewer, txId)
    const res = await tx.execute(sql`select g.id, g.giftor_name, g.relationship, g.amount_pence::float8 as amount_pence,
        g.giftor_profile_id,
        case when g.giftor_profile_id is null then 'not_started' else ${identityStateOf(sql`g.giftor_profile_id`)} end as identity,
        (select ic.completed_at::text from identity_checks ic where ic.profile_id = g.giftor_profile_id
           order by (ic.status = 'verified' and ic.expires_at > now()) desc, ic.created_at desc limit 1) as identity_checked_at,
        g.screening_status, g.screening_sealed, g.sanctions_match, g.pep, g.screened_at::text as screened_at
      from funding_gifts g where g.id = ${giftId} and g.transaction_id = ${txId}`)
    const gift = firstRow(GiftRow, res)
    if (!gift) throw notFound('gift')
    const bank = await giftBankCheck(tx, giftId)
    const accountRows = rows(
      z.object({ id: z.string(), name: z.string(), last4: z.string(), data_sealed: z.string() }),
      await tx.execute(sql`select a.id, a.name, a.last4, a.data_sealed from bank_accounts a
        join bank_consents c on c.id = a.consent_id
        where c.gift_id = ${giftId} and c.status = 'authorised' order by a.created_at, a.provider_account_id`),
    )
    const accounts: GiftChecks['bank']['accounts'] = []
    const flagged: GiftChecks['bank']['flagged'] = []
    for (const row of accountRows) {
      const data = openAccount(row.id, row.data_sealed)
      accounts.push({ name: row.name, last4: row.last4, balance_pence: data.balancePence })
      for (const t of data.transactions)
        if (flagFor(t)) flagged.push({ booked_on: t.bookedOn, description: t.description, amount_pence: t.amountPence })
    }
    const connected = bank.status === 'connected'
    const total = accounts.reduce((sum, a) => sum + Math.max(0, a.balance_pence), 0)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: opts.viewer.profileId,
      kind: 'funds.viewed',
      summary: "viewed a giftor's identity, screening and bank checks",
      payload: { giftId },
    })
    return {
      gift_id: gift.id,
      giftor_name: gift.giftor_name,
      relationship: gift.relationship,
      amount_pence: gift.amount_pence,
      identity: {
        state: gift.identity,
        checked_at: gift.identity === 'not_started' ? null : iso(gift.identity_checked_at),
        provider_label: labels.identity,
      },
      screening: {
        state: gift.screening_status,
        sanctions_match: gift.sanctions_match,
        pep: gift.pep,
        matches: openGiftScreening(gift.id, gift.screening_sealed),
        screened_at: iso(gift.screened_at),
        provider_label: labels.screening,
      },
      bank: {
        ...bank,
        provider_label: labels.openBanking,
        accounts,
        total_balance_pence: connected ? total : null,
        covers_gift: connected ? total >= gift.amount_pence : null,
        flagged: flagged.sort((a, b) => b.booked_on.localeCompare(a.booked_on)),
      },
    }
  })
}
