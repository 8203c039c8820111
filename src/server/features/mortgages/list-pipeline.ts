/**
 * GET /api/pipeline: one page of the broker's workbench. The rows are the client records the viewer
 * may see (their own and their firm's, access/mortgages.ts brokerClientVisibleSql: clients and leads
 * with no move yet, and those linked to a move that is not cancelled), plus each move on which the
 * viewer is the mortgage broker and has no client record yet: client, address, the application's
 * stage, the latest DIP's lender and expiry, the offer's expiry.
 *
 * One statement, the page first (decision 075): `keys` reads each row's sort and filter columns (the
 * case's stage, offer expiry and update time, the latest DIP by `mortgage_dips_case_idx`, the
 * buyer's name and the address by primary key); `matching` applies the search (client name or
 * address, case-insensitive, literal), stage, lender (case-insensitive) and 'DIP expiring' (a DIP
 * within EXPIRY_REMINDER_DAYS of today, London, or past, before an offer) filters; the page is
 * sorted (soonest expiry first by default: the offer's once issued, else the DIP's, none last; then
 * most recently updated) with the row's id last so pages never overlap, and limited; only its rows
 * are formatted. `total`, the per-stage `counts` and `lenders` are aggregates over `keys` (before
 * the filters), `matching` a count after them.
 */
import { z } from 'zod'
import { APPLICATION_STAGES, EXPIRY_REMINDER_DAYS, londonDay } from '#shared/domain/mortgages.ts'
import { PipelineRow, type Pipeline, type PipelineQueryData } from '#shared/contracts/mortgages.ts'
import { LIST_PAGE_SIZE, pageOffset } from '#shared/contracts/paging.ts'
import { brokerClientVisibleSql, brokerTransactionIdsSql } from '#server/access/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { Int8, rows, Timestamp } from '#server/db/rows.ts'

/** A row as the statement reads it: the contract's row, its time as the driver returns it, and the aggregates. */
const PipelineDbRow = PipelineRow.extend({
  client_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  client_status: PipelineRow.shape.client_status.nullable(),
  stage: PipelineRow.shape.stage.nullable(),
  updated_at: Timestamp.nullable(),
  total: Int8,
  matching: Int8,
  counts: z.record(z.string(), z.union([z.number(), z.string()])).nullable(),
  lenders: z.array(z.string()).nullable(),
})

type Sort = NonNullable<PipelineQueryData['sort']>

/** ORDER BY of each sort over rows aliased `a`; the row's id breaks ties so a row sits on one page only. */
const orderBy = (sort: Sort, a: string): string =>
  ({
    expiry: `${a}.next_expiry asc nulls last, ${a}.updated_at desc`,
    name: `lower(coalesce(${a}.client_name, '')) asc, coalesce(${a}.client_name, '') asc`,
    stage: `${a}.stage_rank desc`,
    updated: `${a}.updated_at desc`,
  })[sort] + `, ${a}.row_id`

/** The paged statement (also EXPLAINed by bench/paged-lists.ts); $1 the viewer, $2 search, $3 stage, $4 lender, $5 expiring (bool), $6 today, $7 limit, $8 offset. */
export function pipelineSql(sort: Sort): string {
  return `with mine as (
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
    ), keys as (
      select r.client_id, r.transaction_id, r.client_status, r.stage, r.offer_expires_on,
        coalesce(b.full_name, r.client_name) as client_name,
        case when p.transaction_id is null then null else array_to_string(p.address_lines, ', ') || ', ' || p.postcode end as address,
        dip.lender as dip_lender, dip.expires_on as dip_expires_on,
        greatest(t.updated_at, r.updated_at) as updated_at,
        case when r.stage = 'offer_issued' then coalesce(r.offer_expires_on, dip.expires_on)
          else coalesce(dip.expires_on, r.offer_expires_on) end as next_expiry,
        array_position(array[${APPLICATION_STAGES.map((s) => `'${s}'`).join(', ')}]::text[], r.stage::text) as stage_rank,
        coalesce(r.client_id, r.transaction_id) as row_id
      from rowsof r
      left join transactions t on t.id = r.transaction_id
      left join profiles b on b.id = t.buyer_user_id
      left join properties p on p.transaction_id = r.transaction_id
      left join lateral (select m.lender, m.expires_on from mortgage_dips m where m.case_id = r.dip_case
                         order by m.created_at desc limit 1) dip on true
    ), matching as (
      select k.* from keys k
      where ($2::text is null or strpos(lower(coalesce(k.client_name, '') || ' ' || coalesce(k.address, '')), lower($2::text)) > 0)
        and ($3::text is null or k.stage::text = $3::text)
        and ($4::text is null or lower(coalesce(k.dip_lender, '')) = lower($4::text))
        and (not $5::boolean or (k.dip_expires_on is not null and k.stage <> 'offer_issued'
          and k.dip_expires_on - $6::date <= ${EXPIRY_REMINDER_DAYS}))
    ), page as (
      select m.* from matching m
      order by ${orderBy(sort, 'm')}
      limit $7 offset $8
    ), summary as (
      select (select count(*) from keys) as total, (select count(*) from matching) as matching,
        (select jsonb_object_agg(stage, n) from (select k.stage, count(*) as n from keys k group by k.stage) s) as counts,
        (select array_agg(distinct k.dip_lender order by k.dip_lender) from keys k where k.dip_lender is not null) as lenders
    )
    select p.client_id, p.transaction_id, p.client_status, p.client_name, p.address, p.stage, p.dip_lender,
      to_char(p.dip_expires_on, 'YYYY-MM-DD') as dip_expires_on,
      to_char(p.offer_expires_on, 'YYYY-MM-DD') as offer_expires_on, p.updated_at,
      s.total, s.matching, s.counts, s.lenders
    from summary s left join page p on true
    order by ${orderBy(sort, 'p')}`
}

/** One page of the viewer's pipeline (contract: Pipeline); `now` fixes today (Europe/London). */
export async function listPipeline(opts: {
  database: Database
  viewer: Viewer
  query?: Partial<PipelineQueryData>
  now?: Date
}): Promise<Pipeline> {
  const q = opts.query ?? {}
  const page = q.page ?? 1
  const pageSize = q.page_size ?? LIST_PAGE_SIZE
  const today = londonDay(opts.now ?? new Date())
  const found = rows(
    PipelineDbRow,
    await opts.database.query(pipelineSql(q.sort ?? 'expiry'), [
      opts.viewer.profileId,
      q.q?.trim() ? q.q.trim() : null,
      q.stage ?? null,
      q.lender?.trim() ? q.lender.trim() : null,
      q.dip_expiring === '1',
      today,
      pageSize,
      pageOffset(page, pageSize),
    ]),
  )
  const summary = found[0]
  const counts = Object.fromEntries(
    APPLICATION_STAGES.map((s) => [s, Number(summary?.counts?.[s] ?? 0)]),
  ) as Pipeline['counts']
  return {
    today,
    total: Number(summary?.total ?? 0),
    matching: Number(summary?.matching ?? 0),
    page,
    page_size: pageSize,
    counts,
    lenders: summary?.lenders ?? [],
    rows: found
      .filter((r) => r.client_status !== null && r.stage !== null && r.updated_at !== null)
      .map((r): PipelineRow => ({
        client_id: r.client_id,
        transaction_id: r.transaction_id,
        client_status: r.client_status!,
        client_name: r.client_name,
        address: r.address,
        stage: r.stage!,
        dip_lender: r.dip_lender,
        dip_expires_on: r.dip_expires_on,
        offer_expires_on: r.offer_expires_on,
        updated_at: new Date(r.updated_at!).toISOString(),
      })),
  }
}
