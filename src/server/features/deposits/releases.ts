/**
 * Releases and refunds of a held deposit, on two approvals by two different people at the firm
 * instructed for the buyer, each an admin or a fee earner who joined the firm before the request
 * (four eyes: the standard control against payment diversion; access/deposits.ts requireReleaseApprover):
 * - POST /deposit/releases: one of them asks (a release to the seller's conveyancer's client
 *   account at exchange or completion, or a refund to the buyer); asking is the first approval, and
 *   every admin of the firm is told (a 'deposit_release' notification and, as they choose, an email),
 *   so that nobody moves client money without the firm's admins knowing.
 * - POST /deposit/releases/{id}/approve: a second person approves and the partner pays at once.
 * - POST /deposit/releases/{id}/cancel: a request still waiting is withdrawn.
 * Every step locks the deposit's row first (`select ... for update`), so concurrent requests queue:
 * of twenty approvals at once, one pays and the rest find it paid (409). The ledger's own check
 * (ledger.ts) refuses a posting above what is held even if this code were wrong.
 * A release at exchange waits for exchange to be recorded, at completion for completion (decision 061,
 * checked when asked and again when the second approval pays: 409 saying what to do first).
 * Errors: 409 for a second release of a paid deposit, a request already waiting, a request already
 * paid or cancelled, and the same person approving twice; 422 for more than is held or nothing held.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DepositResponse, RequestReleaseInput } from '#shared/contracts/deposits.ts'
import { releaseRefusal, type DepositMovement } from '#shared/domain/preconditions.ts'
import { formatPence } from '#shared/domain/surveys.ts'
import {
  approvingFirm,
  firmAdminIds,
  requireDepositManager,
  requireFirmMember,
  requireReleaseApprover,
} from '#server/access/deposits.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, Timestamp } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { ClientMoneyPartner } from '#server/providers/client-money/index.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { depositPath } from '#shared/paths.ts'
import { followDepositTask, tellBuyers } from './buyer-notices'
import { ledgerBalances, postEntry, transfer } from './ledger'
import { readDepositIn, refreshDepositStatus } from './read-deposit'
import { partnerError } from './set-up-deposit'

/** Approvals a release or refund needs, from different people. */
export const APPROVALS_NEEDED = 2

const LockedDeposit = z.object({ id: z.string(), partner_account_id: z.string(), status: z.string() })
type LockedDeposit = z.output<typeof LockedDeposit>

/** A release or refund being approved, with whether the viewer approved it and how many did. */
const ReleaseToApprove = z.object({
  kind: z.enum(['release', 'refund']),
  stage: z.string().nullable(),
  amount: z.string(),
  status: z.string(),
  organization_id: z.string().nullable(),
  executed_at: Timestamp.nullable(),
  payee_name: z.string().nullable(),
  payee_sort_code: z.string().nullable(),
  payee_account_number: z.string().nullable(),
  mine: z.boolean(),
  approvals: z.number(),
})

/** Locks the move's deposit row (the one lock every movement takes first); 422 when there is none. */
async function lockDeposit(tx: Tx, txId: string): Promise<LockedDeposit> {
  const r = await tx.execute(
    sql`select id, partner_account_id, status from deposits where transaction_id = ${txId} for update`,
  )
  const d = firstRow(LockedDeposit, r)
  if (!d) throw new AppError('unprocessable', 'There is no deposit on this move yet.')
  return d
}

/** 409/422 unless `amount` can leave the deposit now. */
async function assertReleasable(tx: Tx, txId: string, d: LockedDeposit, amount: number): Promise<void> {
  const held = (await ledgerBalances(tx, txId)).held_for_buyer
  if (held === 0 && (d.status === 'released' || d.status === 'refunded')) {
    throw new AppError(
      'conflict',
      `This deposit was already ${d.status === 'released' ? 'released to the seller’s conveyancer' : 'refunded to the buyer'}; nothing is left to pay out.`,
    )
  }
  if (held === 0) throw new AppError('unprocessable', 'No money is held for this deposit yet.')
  if (amount > held) {
    throw new AppError(
      'unprocessable',
      `Only ${formatPence(held)} is held, so ${formatPence(amount)} cannot be paid out. Ask for ${formatPence(held)} or less.`,
    )
  }
}

/**
 * 409 unless the move is at the point where this movement may happen (decision 061,
 * `releaseRefusal`: at exchange once exchange is recorded, at completion once completion is). The
 * move's row is read `for share`, so a status change cannot slip in before this transaction commits.
 */
async function assertMovementAllowed(tx: Tx, txId: string, movement: DepositMovement): Promise<void> {
  const res = await tx.execute(sql`select status from transactions where id = ${txId} for share`)
  const refusal = releaseRefusal(movement, oneRow(z.object({ status: z.string() }), res).status)
  if (refusal) throw new AppError(refusal.code, refusal.message)
}

const movementOf = (kind: string, stage: string | null): DepositMovement =>
  kind === 'refund'
    ? { kind: 'refund' }
    : { kind: 'release', stage: stage === 'completion' ? 'completion' : 'exchange' }

const what = (kind: string) => (kind === 'release' ? 'release' : 'refund')

export async function requestRelease(opts: {
  database: Database
  viewer: Viewer
  txId: string
  partner: ClientMoneyPartner
  input: RequestReleaseInput
  /** Where the admins' notification emails link to and whether they leave. */
  notify: NotificationDelivery
  ip?: string | null
}): Promise<DepositResponse> {
  const { viewer, txId, input, partner } = opts
  return opts.database.db.transaction(async (tx) => {
    await requireDepositManager(tx, viewer, txId)
    const firm = await approvingFirm(tx, viewer, txId)
    await requireReleaseApprover(tx, viewer, firm.organizationId, null)
    const d = await lockDeposit(tx, txId)
    await assertMovementAllowed(tx, txId, movementOf(input.kind, input.kind === 'release' ? input.stage : null))
    await assertReleasable(tx, txId, d, input.amount_pence)
    const waiting = await tx.execute(
      sql`select kind from deposit_releases where deposit_id = ${d.id} and status = 'pending'`,
    )
    if (waiting.rows.length) {
      const { kind } = oneRow(z.object({ kind: z.string() }), waiting)
      throw new AppError(
        'conflict',
        `A ${what(kind)} of this deposit is already waiting for its second approval. Approve or cancel it first.`,
      )
    }
    const payee = input.kind === 'release' ? input.payee : null
    const inserted = await tx.execute(sql`
      insert into deposit_releases (deposit_id, kind, stage, amount_pence, payee_name, payee_sort_code,
        payee_account_number, organization_id, requested_by)
      values (${d.id}, ${input.kind}, ${input.kind === 'release' ? input.stage : null}, ${input.amount_pence},
        ${payee?.account_name ?? null}, ${payee?.sort_code ?? null}, ${payee?.account_number ?? null},
        ${firm.organizationId}, ${viewer.profileId})
      returning id`)
    const releaseId = oneRow(IdRow, inserted).id
    await tx.execute(
      sql`insert into deposit_approvals (release_id, approver_id) values (${releaseId}, ${viewer.profileId})`,
    )
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'deposit.release_requested',
      summary:
        input.kind === 'release'
          ? `asked to release ${formatPence(input.amount_pence)} of the deposit at ${input.stage} to ${payee!.account_name} (${payee!.sort_code}, ending ${payee!.account_number.slice(-4)}), and approved it: one more approval needed`
          : `asked to refund ${formatPence(input.amount_pence)} of the deposit to the buyer, and approved it: one more approval needed`,
      payload: { releaseId, kind: input.kind, amountPence: input.amount_pence, approvals: 1 },
      ip: opts.ip,
    })
    await notifyPeople(tx, {
      ...opts.notify,
      // Every current admin of the firm but the one asking (notifyPeople skips the actor).
      recipients: await firmAdminIds(tx, firm.organizationId!),
      kind: 'deposit_release',
      transactionId: txId,
      actorId: viewer.profileId,
      title: `${viewer.fullName} asked to ${what(input.kind)} ${formatPence(input.amount_pence)} of a deposit ${firm.firmName} holds`,
      body:
        input.kind === 'release'
          ? `To ${payee!.account_name} (${payee!.sort_code}, account ending ${payee!.account_number.slice(-4)}) at ${input.stage}. It is paid when a second admin or fee earner approves it; cancel it if you did not expect it.`
          : 'Back to the buyer. It is paid when a second admin or fee earner approves it; cancel it if you did not expect it.',
      link: depositPath(txId),
    })
    return readDepositIn(tx, { viewer, txId, partner })
  })
}

export async function approveRelease(opts: {
  database: Database
  viewer: Viewer
  txId: string
  releaseId: string
  partner: ClientMoneyPartner
  /** Where the buyer's notification email links to and whether it leaves. */
  notify: NotificationDelivery
  ip?: string | null
}): Promise<DepositResponse> {
  const { viewer, txId, partner, releaseId } = opts
  return opts.database.db.transaction(async (tx) => {
    await requireDepositManager(tx, viewer, txId)
    const d = await lockDeposit(tx, txId)
    const r = await tx.execute(sql`
      select r.kind, r.stage, r.amount_pence::text as amount, r.status, r.organization_id, r.executed_at,
        r.payee_name, r.payee_sort_code, r.payee_account_number,
        exists(select 1 from deposit_approvals a where a.release_id = r.id and a.approver_id = ${viewer.profileId}) as mine,
        (select count(*)::int from deposit_approvals a where a.release_id = r.id) as approvals
      from deposit_releases r where r.id = ${releaseId} and r.deposit_id = ${d.id} for update`)
    const rel = firstRow(ReleaseToApprove, r)
    if (!rel) throw new AppError('not_found', 'Could not find this release request.')
    if (rel.status === 'executed') {
      throw new AppError(
        'conflict',
        `This ${what(rel.kind)} was already paid; it is not paid again. The ledger shows it.`,
      )
    }
    if (rel.status === 'cancelled') {
      throw new AppError('conflict', `This ${what(rel.kind)} was cancelled. Ask for a new one if it is still needed.`)
    }
    if (rel.mine) {
      throw new AppError(
        'conflict',
        `You have already approved this ${what(rel.kind)}. A second person at your firm must approve it.`,
      )
    }
    await requireReleaseApprover(tx, viewer, rel.organization_id, releaseId)
    const amount = Number(rel.amount)
    await assertMovementAllowed(tx, txId, movementOf(rel.kind, rel.stage))
    await assertReleasable(tx, txId, d, amount)
    await tx.execute(
      sql`insert into deposit_approvals (release_id, approver_id) values (${releaseId}, ${viewer.profileId})`,
    )
    const approvals = rel.approvals + 1
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'deposit.release_approved',
      summary: `approved the ${what(rel.kind)} of ${formatPence(amount)} of the deposit (${approvals} of ${APPROVALS_NEEDED} approvals)`,
      payload: { releaseId, approvals },
      ip: opts.ip,
    })
    if (approvals < APPROVALS_NEEDED) return readDepositIn(tx, { viewer, txId, partner })

    // The partner pays while the deposit's row is locked; the release's id is the idempotency key,
    // so a retry after a failure here (the whole transaction rolls back) never pays twice.
    const paid =
      rel.kind === 'release'
        ? await partner
            .release({
              account_id: d.partner_account_id,
              amount_pence: amount,
              idempotency_key: releaseId,
              payee: {
                account_name: rel.payee_name!,
                sort_code: rel.payee_sort_code!,
                account_number: rel.payee_account_number!,
              },
            })
            .catch(partnerError)
        : await partner
            .refund({ account_id: d.partner_account_id, amount_pence: amount, idempotency_key: releaseId })
            .catch(partnerError)
    await postEntry(tx, {
      transactionId: txId,
      kind: rel.kind,
      description:
        rel.kind === 'release'
          ? `Released at ${rel.stage} to ${rel.payee_name} (${rel.payee_sort_code}, ending ${rel.payee_account_number!.slice(-4)})`
          : 'Refunded to the buyer',
      externalRef: paid.payment_id,
      releaseId,
      createdBy: viewer.profileId,
      lines: transfer('held_for_buyer', rel.kind === 'release' ? 'released_to_seller' : 'refunded', amount),
    })
    await tx.execute(sql`
      update deposit_releases set status = 'executed', executed_at = now(), partner_payment_id = ${paid.payment_id}
      where id = ${releaseId}`)
    const status = await refreshDepositStatus(tx, txId)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: rel.kind === 'release' ? 'deposit.released' : 'deposit.refunded',
      summary:
        rel.kind === 'release'
          ? `The client-money partner released ${formatPence(amount)} of the deposit to ${rel.payee_name}`
          : `The client-money partner refunded ${formatPence(amount)} of the deposit to the buyer`,
      payload: { releaseId, amountPence: amount, paymentId: paid.payment_id, status },
      ip: opts.ip,
    })
    await tellBuyers(tx, {
      txId,
      actorId: viewer.profileId,
      title:
        rel.kind === 'release'
          ? `Your deposit of ${formatPence(amount)} was released to the seller's conveyancer`
          : `Your deposit of ${formatPence(amount)} was refunded to you`,
      body:
        rel.kind === 'release'
          ? `${partner.partnerName} paid it at ${rel.stage}, approved by two people at your conveyancer's firm.`
          : `${partner.partnerName} paid it back to the account it came from, approved by two people at your conveyancer's firm.`,
      notify: opts.notify,
    })
    await followDepositTask(tx, { txId, status, actorId: viewer.profileId, notify: opts.notify })
    return readDepositIn(tx, { viewer, txId, partner })
  })
}

export async function cancelRelease(opts: {
  database: Database
  viewer: Viewer
  txId: string
  releaseId: string
  partner: ClientMoneyPartner
  ip?: string | null
}): Promise<DepositResponse> {
  const { viewer, txId, partner, releaseId } = opts
  return opts.database.db.transaction(async (tx) => {
    await requireDepositManager(tx, viewer, txId)
    const d = await lockDeposit(tx, txId)
    const r = await tx.execute(sql`
      select kind, status, organization_id from deposit_releases where id = ${releaseId} and deposit_id = ${d.id} for update`)
    const rel = firstRow(z.object({ kind: z.string(), status: z.string(), organization_id: z.string().nullable() }), r)
    if (!rel) throw new AppError('not_found', 'Could not find this release request.')
    await requireFirmMember(tx, viewer, rel.organization_id)
    if (rel.status !== 'pending') {
      throw new AppError(
        'conflict',
        `This ${what(rel.kind)} was already ${rel.status === 'executed' ? 'paid' : 'cancelled'}; it cannot be cancelled now.`,
      )
    }
    await tx.execute(sql`update deposit_releases set status = 'cancelled' where id = ${releaseId}`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'deposit.release_cancelled',
      summary: `cancelled the ${what(rel.kind)} of the deposit waiting for approval`,
      payload: { releaseId },
      ip: opts.ip,
    })
    return readDepositIn(tx, { viewer, txId, partner })
  })
}
