/**
 * The cases board (GET /api/cases): every matter of the viewer's firm, one row each, with address,
 * client names, side, current stage, the next task of the firm's side and its due day, days since
 * instruction, target dates, SLA status and its clock (sla_clocks: the open clock nearest breach, paused
 * or not, judged on the England and Wales working-day calendar), last activity, unread messages and
 * fee earner, and the other side's conveyancer (on Homeward, recorded as not on Homeward, or null).
 * Filters (stage, SLA status, side, fee earner, text on address, postcode and client), five sorts,
 * keyset pages of at most 100 rows on (sort value, matter id). ONE SQL statement per request, built
 * as JSON by the database; which matters are visible comes from access/firms.ts.
 */
import { z } from 'zod'
import type { BoardQueryData, BoardResponse } from '#shared/contracts/firms.ts'
import type { BoardSort } from '#shared/domain/firms.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { principalFirmIdsSql, visibleMattersSql } from '#server/access/firms.ts'
import { viewerAccessId, type Viewer } from '#server/auth/viewer.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { drivingClockLateralSql } from '#server/core/clocks/board-clock.ts'
import { firmHasProSql } from '#server/core/entitlement.ts'
import { seatHolderJsonSql } from '#server/core/off-platform-parties/list-parties.ts'

interface SortSpec {
  /** Expression over the matter row `b` (and, for `clock`, its driving clock `sla`); never null. */
  expr: string
  /** SQL type the cursor's value is cast back to. */
  type: string
  dir: 'asc' | 'desc'
  /** Whether the sort needs the driving SLA clock (computed per matter, not a column of the matter). */
  clock?: boolean
}

const SORTS: Record<BoardSort, SortSpec> = {
  instructed: { expr: 'b.instructed_at', type: 'timestamptz', dir: 'asc' },
  due: { expr: "coalesce(sla.sla_due_on, 'infinity'::date)", type: 'date', dir: 'asc', clock: true },
  completion: { expr: "coalesce(b.target_completion_date, 'infinity'::date)", type: 'date', dir: 'asc' },
  activity: {
    expr: "coalesce(greatest(b.last_activity_at, b.last_ticked_at), '-infinity'::timestamptz)",
    type: 'timestamptz',
    dir: 'desc',
  },
  address: { expr: 'lower(b.address)', type: 'text', dir: 'asc' },
}

/**
 * Parameters: $1 the viewer's access principal (viewerAccessId: their profile id, or a firm key's id), $2 stage name, $3 SLA status or 'paused' (the driving clock is
 * paused), $4 side, $5 fee earner id, $6 text (LIKE pattern, escaped), $7 cursor value, $8 cursor matter id, $9 page size, $10 today's date in
 * Europe/London (yyyy-mm-dd) on which SLA clocks are judged, $11 the moment Pro is judged at, or null
 * for no Pro check (the statement then answers NULL, building nothing, when the viewer's firm has no
 * Pro at that moment).
 *
 * The page is taken before any row is built (issue 43): the filters on the matter's own columns
 * (stage, side, fee earner, text) and the sort on them pick the page's matter ids, for the default
 * sort straight from matters_org_instructed_idx; only the SLA filter and the `due` sort need each
 * matter's driving clock (one probe of sla_clocks per matter) before the page. The page's rows alone
 * are then built (clock, unread count, stored pieces, other side's conveyancer), and the total counts
 * the filtered matters without building them.
 */
function boardSql(sort: BoardSort): string {
  const s = SORTS[sort]
  const cmp = s.dir === 'asc' ? '>' : '<'
  const clock = drivingClockLateralSql('b', '$10::date')
  const slaFilter = `(coalesce(sla.sla_status, 'none') = $3 or ($3 = 'paused' and coalesce(sla.sla_paused, false)))`
  const cursor = `($7::text is null or (${s.expr}, b.id) ${cmp} ($7::${s.type}, $8::uuid))`
  return `
-- The viewer's firm and role; for a firm API key (decision 050) the key's firm, in its maker's role
-- (an admin, or the key would not be live).
with firm_member as (
  select pf.organization_id, coalesce((select om.role from organization_members om where om.profile_id = $1
    and om.organization_id = pf.organization_id and om.removed_at is null), 'admin') as role
  from ${principalFirmIdsSql('$1')} pf
),
-- Whether the viewer's firm has Pro (billing/entitlement.ts); no firm, no gate.
gate as (
  select ${firmHasProSql('$11::timestamptz')} as pro
  from firm_member fm join organizations o on o.id = fm.organization_id
  left join billing_accounts ba on ba.organization_id = o.id
  limit 1
),
-- The firm's matters that pass the filters on their own columns. Stage, next task, last tick, client
-- names, last activity, the address, the move's status and the fee earner's name are kept on the
-- matter by the database (migrations 0019, 0021 and 0039). A move without its property (never made by
-- the app) is not listed. Not materialised: each use below reads it through the matters' indexes.
b as not materialized (
  select * from (${visibleMattersSql('$1')}) b
  where b.address is not null
    and ($2::text is null or b.current_stage = $2)
    and ($4::text is null or b.side = $4)
    and ($5::uuid is null or b.fee_earner_id = $5)
    and ($6::text is null or b.address ilike $6 or b.postcode ilike $6 or replace(b.postcode, ' ', '') ilike $6
      or array_to_string(coalesce(b.client_names, array[b.client_name]), ' ') ilike $6)
),
-- The page's matter ids (and the row after it, which says whether there is a next page), in order:
-- without an SLA filter from the matters alone, with one from the matters and their driving clocks.
-- Only one of the two runs (its first condition is on the parameter).
page_ids as (
  (select b.id as matter_id, ${s.expr} as sk from b ${s.clock ? `left join lateral ${clock} sla on true` : ''}
    where $3::text is null and ${cursor}
    order by ${s.expr} ${s.dir}, b.id ${s.dir} limit $9 + 1)
  union all
  (select b.id, ${s.expr} from b left join lateral ${clock} sla on true
    where $3::text is not null and ${slaFilter} and ${cursor}
    order by ${s.expr} ${s.dir}, b.id ${s.dir} limit $9 + 1)
),
-- The page's rows, built for the page only. The viewer's unread messages per move are kept in
-- matter_unread (0039): one row each, no count per request. The driving clock's status is judged on
-- the London day $10.
page as (
  select b.id as matter_id, b.transaction_id, b.side, p.sk,
    ($10::date - (b.instructed_at at time zone 'Europe/London')::date) as days_since_instruction,
    sla.sla_clock, sla.sla_due_on, coalesce(sla.sla_status, 'none') as sla_status,
    coalesce(sla.sla_paused, false) as sla_paused,
    case when sla.sla_stop_task = b.next_task_title then sla.sla_due_on end as next_task_due,
    coalesce(u.unread, 0) as unread_messages, b.board_row_json
  from page_ids p
  join matters b on b.id = p.matter_id
  left join matter_unread u on u.profile_id = $1 and u.transaction_id = b.transaction_id
  left join lateral ${clock} sla on true
)
-- The answer is written as text, byte for byte what json_build_object and json_agg of the rows wrote
-- (their ' : ' and ', ' between the top-level keys, a comma, a newline and a space between rows): each row is the matter's
-- stored pieces (board_row_json, migration 0043) with the parts judged on this request between them.
-- The sub-selects below run only when the CASE needs them: a firm without Pro costs the gate alone.
select case when $11::timestamptz is null or coalesce((select g.pro from gate g), true) then
  '{"rows" : ' || coalesce((select '[' || string_agg(x.board_row_json[1]
      || coalesce(to_json(x.next_task_due)::text, 'null')
      || ',"days_since_instruction":' || x.days_since_instruction::text
      || x.board_row_json[2]
      || json_build_object('status', x.sla_status, 'clock', x.sla_clock, 'due_on', x.sla_due_on, 'paused', x.sla_paused)::text
      || x.board_row_json[3] || x.unread_messages::text
      -- The stored last piece ends the row with its '}': the other side's conveyancer goes before it.
      || left(x.board_row_json[4], -1) || ',"other_conveyancer":' || coalesce(os.holder::text, 'null') || '}',
      E', \\n ' order by x.sk ${s.dir}, x.matter_id ${s.dir}) || ']'
    from (select * from page p order by p.sk ${s.dir}, p.matter_id ${s.dir} limit $9) x
    -- The other side's conveyancer (on Homeward, or recorded as not on Homeward), for the page's rows only.
    left join lateral (select ${seatHolderJsonSql('x.transaction_id', "case x.side when 'buyer' then 'seller_conveyancer' else 'buyer_conveyancer' end")} as holder) os on true), '[]')
  -- The cursor is the last row of a full page, when a row follows it.
  || ', "next_cursor" : ' || coalesce(to_json((select rtrim(translate(replace(encode(convert_to(
       json_build_array(x.sk::text, x.matter_id)::text, 'UTF8'), 'base64'), E'\n', ''), '+/', '-_'), '=') from page x
     where (select count(*) from page) > $9 order by x.sk ${s.dir}, x.matter_id ${s.dir} offset $9 - 1 limit 1))::text, 'null')
  -- The total counts the filtered matters from their own columns; with an SLA filter, with their clocks.
  || ', "total" : ' || (case when $3::text is null then (select count(*) from b)
      else (select count(*) from b left join lateral ${clock} sla on true where ${slaFilter}) end)::int::text
  || ', "fee_earners" : ' || coalesce((select json_agg(json_build_object('id', mp.id, 'full_name', mp.full_name, 'role', om.role)
      order by mp.full_name, mp.id)
    from firm_member fm join organization_members om on om.organization_id = fm.organization_id and om.removed_at is null
    join profiles mp on mp.id = om.profile_id where om.role in ('admin', 'fee_earner')), '[]'::json)::text
  || ', "viewer_role" : ' || coalesce(to_json((select fm.role from firm_member fm))::text, 'null')
  || '}' end`
}

/** The board statement for one sort (for bench/cases-board-explain.ts). */
export function boardSqlFor(sort: BoardSort): string {
  return SQL_BY_SORT[sort]
}

const SQL_BY_SORT: Record<BoardSort, string> = {
  instructed: boardSql('instructed'),
  due: boardSql('due'),
  completion: boardSql('completion'),
  activity: boardSql('activity'),
  address: boardSql('address'),
}

const Cursor = z.tuple([z.string().max(64), z.guid()])

/** The cursor is base64url of the JSON [sort value, matter id], made by the board's SQL. */
function decodeCursor(cursor: string): [string, string] {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    throw new AppError('validation_failed', 'cursor: This page link is not valid. Reload the board.', {
      cursor: ['Not a cursor this board gave out'],
    })
  }
}

/** `%text%` for ILIKE with the user's % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

interface ListBoardOptions {
  database: Database
  viewer: Viewer
  query: BoardQueryData
  /** The moment the SLA clocks are judged at (tests pass a fixed one). */
  now?: Date
}

/**
 * Returns BoardResponse as JSON text. A viewer in no firm gets no rows and `viewer_role` null.
 * With `proAt`, the statement also checks that the viewer's firm has Pro at that moment (the rule of
 * billing/entitlement.ts) and answers null, having built nothing, when it has not: the caller then
 * refuses with assertPro's 402. Throws 400 for a cursor the board did not give out.
 */
export async function listBoard(opts: ListBoardOptions & { proAt: Date }): Promise<JsonText<BoardResponse> | null>
export async function listBoard(opts: ListBoardOptions): Promise<JsonText<BoardResponse>>
export async function listBoard({
  database,
  viewer,
  query,
  now = new Date(),
  proAt,
}: ListBoardOptions & { proAt?: Date }): Promise<JsonText<BoardResponse> | null> {
  const [cursorValue, cursorId] = query.cursor ? decodeCursor(query.cursor) : [null, null]
  return database.queryJson<BoardResponse>(`cases_board_${query.sort}`, SQL_BY_SORT[query.sort], [
    viewerAccessId(viewer),
    query.stage ?? null,
    query.sla ?? null,
    query.side ?? null,
    query.fee_earner ?? null,
    query.q ? containsPattern(query.q) : null,
    cursorValue,
    cursorId,
    query.limit,
    londonDate(now),
    proAt ?? null,
  ])
}
