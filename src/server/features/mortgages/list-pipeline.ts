/**
 * GET /api/pipeline: the broker's workbench. One row per client record the viewer may see (their own
 * and their firm's, access/mortgages.ts brokerClientVisibleSql: clients and leads with no move yet, and
 * those linked to a move that is not cancelled), plus each move on which the viewer is the mortgage
 * broker and has no client record yet: client, address, the application's stage, the latest DIP's
 * lender and expiry, the offer's expiry. One statement; then the search, filters and sort of
 * domain/mortgages.ts filterPipeline (?q=, stage, lender, dip_expiring, sort; soonest expiry first by
 * default).
 */
import { PipelineRow, type Pipeline, type PipelineQueryParams } from '#shared/contracts/mortgages.ts'
import { filterPipeline, londonDay } from '#shared/domain/mortgages.ts'
import { brokerClientVisibleSql, brokerTransactionIdsSql } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { rows, Timestamp } from '#server/db/rows.ts'

/** A row as the statement reads it: the contract's row, its time as the driver returns it. */
const PipelineDbRow = PipelineRow.extend({ updated_at: Timestamp })

export async function listPipeline(opts: {
  database: Database
  viewer: Viewer
  query?: PipelineQueryParams
  now?: Date
}): Promise<Pipeline> {
  const me = opts.viewer.profileId
  const found = rows(
    PipelineDbRow,
    await opts.database.query(
      `with mine as (
         select c.* from mortgage_cases c
         left join transactions t on t.id = c.transaction_id
         where ${brokerClientVisibleSql('c', '$1')} and (t.id is null or t.status <> 'cancelled')
       ), rowsof as (
         select c.id as client_id, c.transaction_id, c.client_status, c.buyer_name as client_name, c.stage,
           c.offer_expires_on, c.updated_at, c.id as dip_case
         from mine c
         union all
         select null::uuid, t.id, 'client', null, 'fact_find', null::date, t.updated_at, null::uuid
         from transactions t
         where t.id in ${brokerTransactionIdsSql('$1')} and t.status <> 'cancelled'
           and not exists (select 1 from mine m where m.transaction_id = t.id)
       )
       select r.client_id, r.transaction_id, r.client_status,
         coalesce(b.full_name, r.client_name) as client_name,
         case when p.transaction_id is null then null else array_to_string(p.address_lines, ', ') || ', ' || p.postcode end as address,
         r.stage, dip.lender as dip_lender, to_char(dip.expires_on, 'YYYY-MM-DD') as dip_expires_on,
         to_char(r.offer_expires_on, 'YYYY-MM-DD') as offer_expires_on,
         greatest(t.updated_at, r.updated_at) as updated_at
       from rowsof r
       left join transactions t on t.id = r.transaction_id
       left join profiles b on b.id = t.buyer_user_id
       left join properties p on p.transaction_id = r.transaction_id
       left join lateral (select m.lender, m.expires_on from mortgage_dips m where m.case_id = r.dip_case
                          order by m.created_at desc limit 1) dip on true`,
      [me],
    ),
  )
  const today = londonDay(opts.now ?? new Date())
  const all = found.map((r): PipelineRow => ({
    client_id: r.client_id,
    transaction_id: r.transaction_id,
    client_status: r.client_status,
    client_name: r.client_name,
    address: r.address,
    stage: r.stage,
    dip_lender: r.dip_lender,
    dip_expires_on: r.dip_expires_on,
    offer_expires_on: r.offer_expires_on,
    updated_at: new Date(r.updated_at).toISOString(),
  }))
  const q = opts.query ?? {}
  return {
    today,
    total: all.length,
    lenders: [...new Set(all.map((r) => r.dip_lender).filter((l): l is string => !!l))].sort(),
    rows: filterPipeline(
      all,
      {
        q: q.q,
        stage: q.stage,
        lender: q.lender,
        dipExpiring: q.dip_expiring === '1',
        sort: q.sort,
      },
      today,
    ),
  }
}
