/**
 * Moves a transaction between statuses (spec: States and transitions lists the statuses, the transitions
 * are ours, see `allowedStatusActions` in src/shared/domain/permissions.ts). The version must match
 * (else 409); an action that is not open to the viewer in the current status answers 409 with a
 * message saying why; recording exchange while any stage is blocked answers 409 naming the stages
 * (the input must also carry `confirm: true`, else 400); the dates follow the preconditions of
 * src/shared/domain/preconditions.ts (decision 061: exchange today or earlier, completion recorded
 * on or after its day and not before exchange; 400 naming the field); a hook may refuse too (the
 * chain's agreed completion date, 409); nothing changes in any of these cases.
 */
import { eq, sql } from 'drizzle-orm'
import type { StatusChangeInput } from '#shared/contracts/transactions.ts'
import { blockedExchangeMessage } from '#shared/domain/exchange-readiness.ts'
import { STATUS_AFTER, type StatusAction } from '#shared/domain/permissions.ts'
import {
  completionDateToRecord,
  completionRefusal,
  exchangeRefusal,
  statusActionRefusal,
  ukDay,
  type Refusal,
} from '#shared/domain/preconditions.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { transactionPath } from '#shared/paths.ts'
import { lockTransactionForViewer, transactionPeopleIds } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { transactions } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import {
  runStatusHooksAfterCommit,
  runStatusHooksInTransaction,
  type StatusChange,
  type StatusHook,
} from '#server/core/timeline/timeline-hooks.ts'

/** 400 or 409 with the rule's own words (src/shared/domain/preconditions.ts); nothing is written. */
function refuse(r: Refusal): never {
  throw new AppError(r.code, r.message, r.field ? { [r.field]: [r.message] } : undefined)
}

export async function changeStatus({
  database,
  viewer,
  txId,
  input,
  notify,
  hooks,
  onHookError,
}: {
  database: Database
  viewer: Viewer
  txId: string
  input: StatusChangeInput
  /** Where notification emails link to and whether they leave ('a status change'). */
  notify: NotificationDelivery
  /** What else happens at this change, in order (src/server/timeline-hooks.ts). */
  hooks: readonly StatusHook[]
  /** Told of a hook whose after-commit step failed (the change itself stands). */
  onHookError: (hook: StatusHook, err: unknown) => void
}): Promise<void> {
  const change = await database.db.transaction(async (tx) => {
    const current = await lockTransactionForViewer(tx, viewer, txId)
    if (current.version !== input.version) {
      throw new AppError(
        'conflict',
        'Someone else changed this move a moment ago. We have loaded the latest version: please check it and try again.',
      )
    }
    const refused = statusActionRefusal(input.action, current.status, current.role)
    if (refused) refuse(refused)
    // Exchange binds both sides: not while a stage is blocked (src/shared/domain/exchange-readiness.ts).
    if (input.action === 'exchange') {
      const res = await tx.execute(sql`select stage_name from timeline_stages
        where transaction_id = ${txId} and status = 'blocked' order by sort_index`)
      const blocked = (res.rows as { stage_name: string }[]).map((r) => r.stage_name)
      if (blocked.length > 0) throw new AppError('conflict', blockedExchangeMessage(blocked))
    }
    // The dates of legal acts that happened (decision 061): exchange today or earlier with completion
    // on or after it; completion recorded on or after its day, never before exchange.
    const today = londonDate(new Date())
    let completionDate: string | undefined
    if (input.action === 'exchange') {
      const r = exchangeRefusal({ exchangeDate: input.exchange_date, completionDate: input.completion_date, today })
      if (r) refuse(r)
      completionDate = input.completion_date
    }
    if (input.action === 'complete') {
      const res = await tx.execute(sql`select exchange_date::text as exchange_date,
        completion_date::text as completion_date from transactions where id = ${txId}`)
      const dates = res.rows[0] as { exchange_date: string | null; completion_date: string | null }
      const facts = {
        entered: input.completion_date,
        agreed: dates.completion_date,
        exchangeDate: dates.exchange_date,
        today,
      }
      const r = completionRefusal(facts)
      if (r) refuse(r)
      completionDate = completionDateToRecord(facts)
    }
    const next = STATUS_AFTER[input.action]
    // Exchange sets both dates; completion sets the actual date when given; otherwise they stay.
    await tx
      .update(transactions)
      .set({
        status: next,
        version: sql`${transactions.version} + 1`,
        updatedAt: sql`now()`,
        ...(input.action === 'exchange' ? { exchangeDate: input.exchange_date } : {}),
        ...(completionDate ? { completionDate } : {}),
        cancelledReason: input.action === 'cancel' ? input.reason : null,
      })
      .where(eq(transactions.id, txId))
    const summaries: Record<StatusAction, string> = {
      activate: 'activated the move',
      exchange:
        input.action === 'exchange'
          ? `recorded exchange of contracts on ${input.exchange_date}, completion agreed for ${input.completion_date}`
          : '',
      complete: `recorded completion on ${ukDay(completionDate ?? '')}`,
      cancel: input.action === 'cancel' ? `cancelled the move: ${input.reason}` : '',
    }
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'status.changed',
      summary: summaries[input.action],
      payload: { from: current.status, to: next },
    })
    const address = await tx.execute(
      sql`select address_lines[1] as line from properties where transaction_id = ${txId}`,
    )
    const where = (address.rows[0] as { line: string } | undefined)?.line ?? 'your move'
    const titles: Record<StatusAction, string> = {
      activate: `The move at ${where} is now active`,
      exchange: `Contracts exchanged on ${where}`,
      complete: `Completion recorded on ${where}`,
      cancel: `The move at ${where} was cancelled`,
    }
    await notifyPeople(tx, {
      recipients: await transactionPeopleIds(tx, txId),
      kind: 'status_changed',
      transactionId: txId,
      actorId: viewer.profileId,
      title: titles[input.action],
      body: `${viewer.fullName} ${summaries[input.action]}.`,
      link: transactionPath(txId),
      ...notify,
    })
    // Chains, reviews, logbooks, the completion fee and accreditation react through the hooks
    // composed in src/server/timeline-hooks.ts, in this database transaction.
    const change: StatusChange = {
      txId,
      action: input.action,
      from: current.status,
      to: next,
      actorId: viewer.profileId,
      address: where,
      completionDate: completionDate ?? null,
      notify,
    }
    await runStatusHooksInTransaction(hooks, tx, change)
    return change
  })
  await runStatusHooksAfterCommit(hooks, change, onHookError)
}
