/**
 * The timeline's enquiry tasks follow the enquiries: "Pre-contract enquiries raised" is ticked
 * once one is raised, "Replies to pre-contract enquiries sent" once every live enquiry (not
 * withdrawn) has its reply, "Enquiries satisfied" once every live enquiry is satisfied; each is
 * unticked again when that stops being true (a new enquiry, a further enquiry). The audit trail says
 * why, and the SLA clocks that start on these tasks (report on title) follow.
 */
import { sql } from 'drizzle-orm'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import type { Tx } from '#server/db/client.ts'
import { syncTaskClocks } from '#server/core/clocks/clock-sync.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { refreshStage, touchTransaction } from '../transactions/update-task'

/** Ticks or unticks the three enquiry tasks of the matter from its enquiries; `actorId` did the change that caused it. */
export async function syncEnquiryTasks(tx: Tx, txId: string, actorId: string): Promise<void> {
  const res = await tx.execute(sql`
    select count(*) filter (where status <> 'withdrawn')::int as live,
      count(*) filter (where status in ('answered', 'satisfied'))::int as replied,
      count(*) filter (where status = 'satisfied')::int as satisfied
    from enquiries where transaction_id = ${txId}`)
  const { live, replied, satisfied } = res.rows[0] as { live: number; replied: number; satisfied: number }
  const plural = (n: number) => (n === 1 ? '1 enquiry' : `${n} enquiries`)
  const wanted: { title: string; done: boolean; why: string }[] = [
    {
      title: TASK_TITLES.enquiriesRaised,
      done: live > 0,
      why: live > 0 ? `${plural(live)} raised` : 'no enquiry is raised',
    },
    {
      title: TASK_TITLES.repliesSent,
      done: live > 0 && replied === live,
      why: live > 0 && replied === live ? `all ${plural(live)} answered` : `${replied} of ${plural(live)} answered`,
    },
    {
      title: TASK_TITLES.enquiriesSatisfied,
      done: live > 0 && satisfied === live,
      why:
        live > 0 && satisfied === live ? `all ${plural(live)} satisfied` : `${satisfied} of ${plural(live)} satisfied`,
    },
  ]
  let changed = false
  for (const w of wanted) {
    const found = await tx.execute(sql`
      select k.id, k.status, k.stage_id, s.stage_name from tasks k join timeline_stages s on s.id = k.stage_id
      where s.transaction_id = ${txId} and k.title = ${w.title} for update of k`)
    for (const task of found.rows as { id: string; status: string; stage_id: string; stage_name: string }[]) {
      if ((task.status === 'completed') === w.done) continue
      await tx.execute(sql`
        update tasks set status = ${w.done ? 'completed' : 'not_completed'},
          completed_at = ${w.done ? sql`now()` : null}, completed_by = ${w.done ? actorId : null},
          version = version + 1, updated_at = now()
        where id = ${task.id}`)
      await refreshStage(tx, task.stage_id)
      await recordActivity(tx, {
        transactionId: txId,
        actorId,
        kind: w.done ? 'task.completed' : 'task.reopened',
        summary: `${w.done ? 'ticked' : 'unticked'} “${w.title}” (${task.stage_name}) automatically: ${w.why}`,
        payload: { taskId: task.id, stageId: task.stage_id, cause: 'enquiries' },
      })
      changed = true
    }
  }
  if (changed) {
    await touchTransaction(tx, txId)
    await syncTaskClocks(tx, txId)
  }
}
