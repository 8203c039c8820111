/**
 * The timeline's enquiry tasks follow the enquiries: "Pre-contract enquiries raised" is ticked
 * once one is raised, "Replies to pre-contract enquiries sent" once every live enquiry (not
 * withdrawn) has its reply, "Enquiries satisfied" once every live enquiry is satisfied; each is
 * unticked again when that stops being true (a new enquiry, a further enquiry). The audit trail says
 * why, and the SLA clocks that start on these tasks (report on title) follow.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import type { Tx } from '#server/db/client.ts'
import { oneRow } from '#server/db/rows.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'

/** Ticks or unticks the three enquiry tasks of the matter from its enquiries; `actorId` did the change that caused it. */
export async function syncEnquiryTasks(
  tx: Tx,
  txId: string,
  actorId: string,
  notify: NotificationDelivery,
): Promise<void> {
  const res = await tx.execute(sql`
    select count(*) filter (where status <> 'withdrawn')::int as live,
      count(*) filter (where status in ('answered', 'satisfied'))::int as replied,
      count(*) filter (where status = 'satisfied')::int as satisfied
    from enquiries where transaction_id = ${txId}`)
  const { live, replied, satisfied } = oneRow(
    z.object({ live: z.number(), replied: z.number(), satisfied: z.number() }),
    res,
  )
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
  // Unticks first: a tick and an untick in the same stage would otherwise complete it for a moment
  // and send everyone a 'stage completed' notice for a stage that is reopened at once.
  for (const w of [...wanted.filter((x) => !x.done), ...wanted.filter((x) => x.done)]) {
    await tickTask(tx, {
      txId,
      task: { title: w.title, all: true },
      status: w.done ? 'completed' : 'not_completed',
      actorId,
      reason: ` automatically: ${w.why}`,
      payload: { cause: 'enquiries' },
      notify,
    })
  }
}
