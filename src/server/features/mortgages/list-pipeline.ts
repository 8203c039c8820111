/**
 * GET /api/pipeline: the broker's workbench. One row per move on which the viewer is the mortgage
 * broker (access/mortgages.ts), not cancelled: buyer, address, the application's stage, the latest
 * DIP's lender and expiry, the offer's expiry. Soonest expiry first, then most recently changed. One
 * statement.
 */
import { PipelineRow, type Pipeline } from '#shared/contracts/mortgages.ts'
import { londonDay } from '#shared/domain/mortgages.ts'
import { brokerTransactionIdsSql } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'

/** A move of the pipeline as the statement reads it: the contract's row, its time as the driver returns it. */
const PipelineDbRow = PipelineRow.extend({ updated_at: Timestamp })

export async function listPipeline(opts: { database: Database; viewer: Viewer; now?: Date }): Promise<Pipeline> {
  const me = opts.viewer.profileId
  const found = rows(
    PipelineDbRow,
    await opts.database.query(
      `select t.id as transaction_id, coalesce(b.full_name, c.buyer_name) as buyer_name,
       case when p.transaction_id is null then null else array_to_string(p.address_lines, ', ') || ', ' || p.postcode end as address,
       coalesce(c.stage, 'fact_find') as stage, dip.lender as dip_lender,
       to_char(dip.expires_on, 'YYYY-MM-DD') as dip_expires_on,
       to_char(c.offer_expires_on, 'YYYY-MM-DD') as offer_expires_on,
       greatest(t.updated_at, c.updated_at) as updated_at
     from transactions t
     left join profiles b on b.id = t.buyer_user_id
     left join properties p on p.transaction_id = t.id
     left join mortgage_cases c on c.transaction_id = t.id and c.broker_profile_id = $1
     left join lateral (select m.lender, m.expires_on from mortgage_dips m where m.case_id = c.id
                        order by m.created_at desc limit 1) dip on true
     where t.id in ${brokerTransactionIdsSql('$1')} and t.status <> 'cancelled'
     order by least(case when c.stage = 'offer_issued' then null else dip.expires_on end, c.offer_expires_on) nulls last,
       greatest(t.updated_at, c.updated_at) desc, t.id`,
      [me],
    ),
  )
  return {
    today: londonDay(opts.now ?? new Date()),
    rows: found.map((r): PipelineRow => ({
      transaction_id: r.transaction_id,
      buyer_name: r.buyer_name,
      address: r.address,
      stage: r.stage,
      dip_lender: r.dip_lender,
      dip_expires_on: r.dip_expires_on,
      offer_expires_on: r.offer_expires_on,
      updated_at: new Date(r.updated_at).toISOString(),
    })),
  }
}
