/**
 * Keeps a matter's SLA clocks in step with its timeline (src/shared/domain/sla-clocks.ts):
 * task-driven clocks start when their start task is ticked (the contract pack clock also when the
 * seller's conveyancer joins the matter: their instruction) and stop when their closing task is
 * ticked, reopening if it is unticked; every running clock is paused while its stage is blocked.
 * Enquiry reply clocks start and stop with the enquiry (enquiry-clock helpers below).
 * Each statement is set-based, over a ClockScope (one matter, a batch of matters, or every live
 * one), and runs in the caller's database transaction.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { SLA_CLOCK_DEFINITIONS, type SlaClockType } from '#shared/domain/sla-clocks.ts'
import { EXCHANGE_TASK_TITLE, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { firmOfSide } from '#server/access/firms.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { refreshClockMilestones } from './clock-milestones'
import { inClockScope, type ClockScope } from './clock-scope'

/** When the matter's task titled `title` was ticked, or null (SQL over transaction alias `t`). */
const taskDoneAt = (title: string): SQL => sql`(select k.completed_at from tasks k
  join timeline_stages s on s.id = k.stage_id
  where s.transaction_id = t.id and k.title = ${title} and k.status = 'completed'
  order by k.completed_at limit 1)`

/** The timeline task whose ticking stops each type of clock (an enquiry's reply clock: the replies task). */
export const CLOCK_STOP_TASK_TITLES: Record<SlaClockType, string> = {
  contract_pack: TASK_TITLES.contractPackSent,
  searches: TASK_TITLES.searchesBack,
  enquiry_replies: TASK_TITLES.repliesSent,
  report_on_title: TASK_TITLES.reportOnTitle,
  mortgage_offer_to_exchange: EXCHANGE_TASK_TITLE,
}

/** A task-driven clock; it stops on its task of CLOCK_STOP_TASK_TITLES. */
interface TaskClock {
  type: Exclude<SlaClockType, 'enquiry_replies'>
  /** When the clock starts (null: not yet), over transaction alias `t`. */
  start: SQL
}

const TASK_CLOCKS: TaskClock[] = [
  {
    type: 'contract_pack',
    start: sql`least(${taskDoneAt(TASK_TITLES.sellerInstructed)},
      (select min(tp.created_at) from transaction_participants tp
       where tp.transaction_id = t.id and tp.role = 'seller_conveyancer'))`,
  },
  { type: 'searches', start: taskDoneAt(TASK_TITLES.localSearchOrdered) },
  {
    type: 'report_on_title',
    start: sql`(case when ${taskDoneAt(TASK_TITLES.searchesBack)} is not null
      and ${taskDoneAt(TASK_TITLES.enquiriesSatisfied)} is not null
      then greatest(${taskDoneAt(TASK_TITLES.searchesBack)}, ${taskDoneAt(TASK_TITLES.enquiriesSatisfied)}) end)`,
  },
  {
    type: 'mortgage_offer_to_exchange',
    start: taskDoneAt(TASK_TITLES.mortgageOffer),
  },
]

const scope = (txId: ClockScope) => inClockScope(sql`t.id`, txId) ?? sql`t.status in ('draft', 'active')`

/**
 * Starts, stops and reopens the task-driven clocks of the matters in scope, then lines
 * pauses up with blocked stages. Returns how many clocks started.
 */
export async function syncTaskClocks(tx: Tx, txId: ClockScope): Promise<number> {
  let started = 0
  for (const c of TASK_CLOCKS) {
    const side = SLA_CLOCK_DEFINITIONS[c.type].side
    const stopTitle = CLOCK_STOP_TASK_TITLES[c.type]
    const res = await tx.execute(sql`
      insert into sla_clocks (transaction_id, organization_id, clock_type, side, stage_id, target_working_days, started_at)
      select t.id, firm.organization_id, ${c.type}, ${side},
        (select k.stage_id from tasks k join timeline_stages s on s.id = k.stage_id
         where s.transaction_id = t.id and k.title = ${stopTitle} limit 1),
        coalesce(ss.working_days, ${SLA_CLOCK_DEFINITIONS[c.type].defaultWorkingDays}), st.at
      from transactions t
      cross join lateral (select ${c.start} as at) st
      left join lateral (select tp.organization_id from transaction_participants tp
        where tp.transaction_id = t.id and tp.role = ${side + '_conveyancer'} and tp.organization_id is not null
        order by tp.created_at limit 1) firm on true
      left join sla_settings ss on ss.organization_id = firm.organization_id and ss.clock_type = ${c.type}
      where ${scope(txId)} and st.at is not null
        and not exists (select 1 from sla_clocks x where x.transaction_id = t.id and x.clock_type = ${c.type}
                        and x.enquiry_id is null)
      on conflict do nothing
      returning id`)
    started += res.rows.length
    // Stop on the closing task (a clock never stops before it started), reopen when it is unticked.
    await tx.execute(sql`
      update sla_clocks c set stopped_at = greatest(done.at, c.started_at), alert_due_at = greatest(done.at, c.started_at)
      from transactions t cross join lateral (select ${taskDoneAt(stopTitle)} as at) done
      where c.transaction_id = t.id and ${scope(txId)} and c.clock_type = ${c.type} and c.enquiry_id is null
        and c.stopped_at is null and done.at is not null`)
    await tx.execute(sql`
      update sla_clocks c set stopped_at = null, alert_due_at = '-infinity'
      from transactions t
      where c.transaction_id = t.id and ${scope(txId)} and c.clock_type = ${c.type} and c.enquiry_id is null
        and c.stopped_at is not null and c.cancelled_at is null and ${taskDoneAt(stopTitle)} is null`)
  }
  await syncClockPauses(tx, txId)
  return started
}

/**
 * Opens a pause on every running clock whose stage is blocked (from the later of the block and the
 * clock's start) and closes the open pause of every clock whose stage is no longer blocked, or
 * that stopped; then stores the milestones of the clocks whose start or pauses changed
 * (refreshClockMilestones).
 */
export async function syncClockPauses(tx: Tx, txId: ClockScope): Promise<void> {
  const inScope = inClockScope(sql`c.transaction_id`, txId) ?? sql`true`
  await tx.execute(sql`
    insert into sla_clock_pauses (clock_id, paused_at)
    select c.id, greatest(c.started_at, coalesce(s.blocked_at, now()))
    from sla_clocks c join timeline_stages s on s.id = c.stage_id
    where ${inScope} and c.stopped_at is null and s.status = 'blocked'
      and not exists (select 1 from sla_clock_pauses p where p.clock_id = c.id and p.resumed_at is null)
    on conflict do nothing`)
  await tx.execute(sql`
    update sla_clock_pauses p set resumed_at = greatest(p.paused_at, coalesce(c.stopped_at, now()))
    from sla_clocks c left join timeline_stages s on s.id = c.stage_id
    where p.clock_id = c.id and ${inScope} and p.resumed_at is null
      and (c.stopped_at is not null or s.id is null or s.status <> 'blocked')`)
  await refreshClockMilestones(tx, txId)
}

/** The stage holding the enquiry tasks of a matter (where reply clocks pause), or null. */
async function enquiriesStageId(tx: Tx, txId: string): Promise<string | null> {
  const res = await tx.execute(sql`
    select k.stage_id from tasks k join timeline_stages s on s.id = k.stage_id
    where s.transaction_id = ${txId} and k.title = ${TASK_TITLES.repliesSent} limit 1`)
  return firstRow(z.object({ stage_id: z.string() }), res)?.stage_id ?? null
}

/** Starts a reply clock for an enquiry now waiting for the seller's conveyancer (raised, or a further enquiry). */
export async function startEnquiryClock(tx: Tx, txId: string, enquiryId: string): Promise<void> {
  const organizationId = await firmOfSide(tx, txId, 'seller')
  const stageId = await enquiriesStageId(tx, txId)
  await tx.execute(sql`
    insert into sla_clocks (transaction_id, organization_id, clock_type, side, stage_id, enquiry_id, target_working_days, started_at)
    values (${txId}, ${organizationId}, 'enquiry_replies', 'seller', ${stageId}, ${enquiryId},
      coalesce((select working_days from sla_settings where organization_id = ${organizationId}
                and clock_type = 'enquiry_replies'), ${SLA_CLOCK_DEFINITIONS.enquiry_replies.defaultWorkingDays}),
      now())`)
  await refreshClockMilestones(tx, txId)
}

/** Stops an enquiry's running reply clock: on its reply (met or missed), or cancelled when withdrawn. */
export async function stopEnquiryClock(tx: Tx, enquiryId: string, how: 'replied' | 'cancelled'): Promise<void> {
  await tx.execute(sql`
    update sla_clocks set stopped_at = now(), cancelled_at = ${how === 'cancelled' ? sql`now()` : null},
      alert_due_at = ${how === 'cancelled' ? null : sql`now()`}
    where enquiry_id = ${enquiryId} and stopped_at is null`)
}
