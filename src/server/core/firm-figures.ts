/**
 * A firm's figures, defined once and read by every page that shows them: the cases board's header
 * (GET /api/firm/figures), the accreditation engine and page (its facts: Silver's live cases, the
 * tier metrics) and the onboarding checklist (accreditation and Academy Lite). Issue 37 item 7:
 * before this, the board, Silver and onboarding each counted their own way and disagreed.
 *
 * - **The firm's moves**: the transactions the firm acts on, each once: a matter of the firm
 *   (`matters`, what the cases board lists) or a move on which someone acts for the firm
 *   (`transaction_participants.organization_id`: a surveyor, broker or agent firm has no matters
 *   rows). Joined on: the earliest of the matter's instruction and the firm's first participant.
 * - **matters**: the number of the firm's moves, whatever their status (draft, active, exchange,
 *   completed or cancelled). Onboarding's "Your firm is instructed on N moves".
 * - **live**: the firm's moves in draft, active or exchange (LIVE_STATUSES). Silver's "N live".
 * - **completed**: the firm's moves with status completed.
 * - **cancelled**: the firm's moves with status cancelled (so live + completed + cancelled = matters).
 * - **members**: the firm's current members (`organization_members`, not removed): the Members tab.
 *   A directory listing nobody has claimed yet (no membership row ever) has no members table to
 *   count, so its people are the distinct professionals acting for it on its moves.
 *
 * Parameters are SQL fragments of organization ids, so the same statement serves one firm or all.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'

/** Transaction statuses during which a move is live (not completed, not cancelled). */
export const LIVE_STATUSES = ['draft', 'active', 'exchange'] as const

/**
 * SQL subquery of the firm's moves for the organizations whose ids `orgIds` selects (a subquery or
 * a list): columns org_id, tx_id, joined_at (timestamptz), one row per firm and move.
 */
export function firmMovesSql(orgIds: SQL): SQL {
  return sql`select x.org_id, x.tx_id, min(x.joined_at) as joined_at from (
      select m.organization_id as org_id, m.transaction_id as tx_id, m.instructed_at as joined_at
        from matters m where m.organization_id in (${orgIds})
      union all
      select tp.organization_id, tp.transaction_id, tp.created_at
        from transaction_participants tp where tp.organization_id in (${orgIds})
    ) x group by x.org_id, x.tx_id`
}

/**
 * SQL of the figures of the organizations `orgIds` selects: columns org_id, matters, live,
 * completed, cancelled, members (each an int), one row per organization (zeros when it has no moves).
 */
export function firmFiguresSql(orgIds: SQL): SQL {
  return sql`select o.id as org_id,
      coalesce(c.matters, 0) as matters, coalesce(c.live, 0) as live, coalesce(c.completed, 0) as completed,
      coalesce(c.cancelled, 0) as cancelled,
      case when exists (select 1 from organization_members om where om.organization_id = o.id)
        then (select count(*)::int from organization_members om where om.organization_id = o.id and om.removed_at is null)
        else (select count(distinct tp.user_id)::int from transaction_participants tp where tp.organization_id = o.id)
      end as members
    from organizations o
    left join (
      select fm.org_id, count(*)::int as matters,
        (count(*) filter (where t.status in (${sql.join(
          LIVE_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})))::int as live,
        (count(*) filter (where t.status = 'completed'))::int as completed,
        (count(*) filter (where t.status = 'cancelled'))::int as cancelled
      from (${firmMovesSql(orgIds)}) fm join transactions t on t.id = fm.tx_id
      group by fm.org_id
    ) c on c.org_id = o.id
    where o.id in (${orgIds})`
}

export const FirmFigures = z.object({
  org_id: z.string(),
  matters: z.number(),
  live: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  members: z.number(),
})
export type FirmFigures = z.output<typeof FirmFigures>

/** The figures of one organization (zeros when it has no moves); null for an unknown id. */
export async function readFirmFigures(db: Database['db'] | Tx, organizationId: string): Promise<FirmFigures | null> {
  const res = await db.execute(firmFiguresSql(sql`${organizationId}::uuid`))
  return firstRow(FirmFigures, res) ?? null
}
