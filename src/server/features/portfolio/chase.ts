/**
 * Milestone chasers (issue 40 item 1, decision 066): the sale's estate agent chases whoever holds an
 * open timeline task with one click. The holder comes from the task's owner (chaseRolesFor: a side's
 * task goes to that side's client, else their conveyancer; a role's task to that role), reached on
 * Homeward (the participants in the seat) or off it (the conveyancer's off-platform record, decision
 * 053; the client as the agent recorded them, agent_sales). In one database transaction: the email
 * through the outbox and the audit entry 'sale.chased' (audience everyone: the step's state is on
 * everyone's timeline; decision 052), which is also the chaser log the portfolio reads. One chaser
 * per task per CHASE_INTERVAL_HOURS (409 saying when). 403 unless the sale's estate agent.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ChaseResponse } from '#shared/contracts/portfolio.ts'
import { CHASE_INTERVAL_HOURS, chaseRolesFor } from '#shared/domain/agent-sales.ts'
import { NOT_ON_HOMEWARD } from '#shared/domain/off-platform-parties.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { transactionPath } from '#shared/paths.ts'
import { lockTransactionForViewer } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, rows, Timestamp } from '#server/db/rows.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { AppError } from '#server/core/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import type { WeeklyUpdateDelivery } from './weekly-update'

const Holder = z.object({ name: z.string(), email: z.string(), on_homeward: z.boolean() })
type Holder = z.infer<typeof Holder>

/** Who holds `role` on the move: its participants, else the off-platform record, else the agent's record of the client. */
export async function holdersOf(tx: Tx | Database['db'], txId: string, role: string): Promise<Holder[]> {
  const res = await tx.execute(sql`
    with on_platform as (
      select p.full_name as name, p.email, true as on_homeward from transaction_participants tp
        join profiles p on p.id = tp.user_id where tp.transaction_id = ${txId} and tp.role = ${role}
      union select p.full_name, p.email, true from transactions t join profiles p
        on p.id = case ${role} when 'buyer' then t.buyer_user_id when 'seller' then t.seller_user_id end
       where t.id = ${txId}
    ), off_platform as (
      select coalesce(o.person_name, o.firm_name) as name, o.email, false as on_homeward from off_platform_parties o
       where o.transaction_id = ${txId} and o.role = ${role} and o.joined_at is null
      union all
      select case ${role} when 'buyer' then s.buyer_name else s.seller_name end, 
             case ${role} when 'buyer' then s.buyer_email else s.seller_email end, false
        from agent_sales s where s.transaction_id = ${txId} and ${role} in ('buyer', 'seller')
    )
    select * from on_platform
    union all select * from off_platform where not exists (select 1 from on_platform) and email is not null`)
  return rows(Holder, res)
}

/** Chases the holder of open task `taskId` of sale `txId`; returns who was emailed and when. */
export async function chaseTask(opts: {
  database: Database
  viewer: Viewer
  txId: string
  taskId: string
  delivery: WeeklyUpdateDelivery
  now?: Date
}): Promise<ChaseResponse> {
  const { database, viewer, txId, taskId } = opts
  const now = opts.now ?? new Date()
  return database.db.transaction(async (tx) => {
    const { role } = await lockTransactionForViewer(tx, viewer, txId)
    if (role !== 'estate_agent') throw new AppError('forbidden', "Only the sale's estate agent can chase its steps.")
    const taskRes = await tx.execute(sql`
      select k.title, k.status, k.owner_side, coalesce(p.address_lines[1], 'the property') as address from tasks k
        join timeline_stages s on s.id = k.stage_id left join properties p on p.transaction_id = s.transaction_id
       where k.id = ${taskId} and s.transaction_id = ${txId}`)
    const task = firstRow(
      z.object({ title: z.string(), status: z.string(), owner_side: z.string().nullable(), address: z.string() }),
      taskRes,
    )
    if (!task) throw new AppError('not_found', 'Could not find this step on the sale. Reload the portfolio.')
    if (task.status === 'completed') throw new AppError('conflict', `"${task.title}" is already done.`)
    const roles = chaseRolesFor(task.owner_side)
    if (!roles)
      throw new AppError(
        'unprocessable',
        `"${task.title}" is yours to do, or has no owner, so there is nobody to chase.`,
      )
    const lastRes = await tx.execute(sql`
      select max(created_at) as at from activity_events
       where transaction_id = ${txId} and kind = 'sale.chased' and payload ->> 'taskId' = ${taskId}`)
    const last = firstRow(z.object({ at: Timestamp.nullable() }), lastRes)?.at
    if (last && now.getTime() - new Date(last).getTime() < CHASE_INTERVAL_HOURS * 3_600_000) {
      throw new AppError(
        'conflict',
        `You chased "${task.title}" on ${ukDate(new Date(last))}. You can chase it again ${CHASE_INTERVAL_HOURS} hours after that.`,
      )
    }
    let chasedRole: string | null = null
    let holders: Holder[] = []
    for (const r of roles) {
      holders = await holdersOf(tx, txId, r)
      if (holders.length) {
        chasedRole = r
        break
      }
    }
    if (!chasedRole) {
      const seat = participantRoleLabel(roles[0]).toLowerCase()
      throw new AppError(
        'unprocessable',
        `Nobody is recorded as the ${seat} yet. Record or invite them on the sale's People tab, then chase.`,
      )
    }
    const label = participantRoleLabel(chasedRole).toLowerCase()
    const link = `${opts.delivery.publicUrl}${transactionPath(txId, { tab: 'timeline' })}`
    for (const h of holders) {
      await enqueueMail(
        tx,
        {
          to: h.email,
          subject: `Chasing: ${task.title} (${task.address})`,
          greet: h.name,
          text: [
            `${viewer.fullName}, the estate agent on the sale of ${task.address}, is chasing this step, which is with you as the ${label}:`,
            '',
            `• ${task.title}`,
            '',
            h.on_homeward
              ? `Please tick it on the timeline when it is done, or say there what is holding it up: ${link}`
              : `Please reply to ${viewer.email} with where it stands, or when you expect it done.`,
          ].join('\n'),
          kind: 'portfolio.chaser',
          transactionId: txId,
        },
        { deliver: opts.delivery.deliverMail },
      )
    }
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'sale.chased',
      summary: `chased the ${label} about "${task.title}"`,
      payload: { taskId, role: chasedRole },
    })
    return {
      sent_to: holders.map((h) => (h.on_homeward ? h.name : `${h.name} (${NOT_ON_HOMEWARD})`)),
      chased_at: now.toISOString(),
    }
  })
}
