/**
 * Who may see and move a deposit (part of the one access module, decision 005; the rules in
 * docs/decisions/034-deposits-and-ledger.md):
 * - the buyer's side (the buyer, and the buyer's conveyancer: a participant or a current member of
 *   the firm instructed for the buyer) sees the whole deposit; the payment instructions show to the
 *   buyer only after their own Confirmation of Payee check, and the ledger to the firm only;
 * - the seller's side (the seller, the seller's conveyancer, the estate agent) sees only whether a
 *   deposit is held and how much, never the account details, so that nobody on the other side of the
 *   deal can copy or imitate them;
 * - anyone else on the move (broker, surveyor) and everyone off it gets the standard 404.
 * Writes: the buyer's conveyancer sets the amount; releases and refunds are asked for and approved
 * by two different people at the buyer's firm, each an admin or a fee earner (never an assistant:
 * canApproveDepositRelease) who joined the firm before the release was requested, so that a colleague
 * added for the purpose cannot be the second pair of eyes (review L7); any current member may cancel
 * a waiting request; the buyer checks the payee.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { canApproveDepositRelease, MEMBER_ROLES } from '#shared/domain/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { firmOfSide } from './firms'
import { readViewerRole } from './transactions'

const FULL_VIEW = ['buyer', 'buyer_conveyancer']
const SUMMARY_VIEW = ['seller', 'seller_conveyancer', 'estate_agent']

export type DepositView = 'full' | 'summary'

/** The viewer's role and view of the move's deposit; 404 for anyone else. */
export async function readDepositAccess(
  tx: Tx,
  viewer: Viewer,
  txId: string,
): Promise<{ role: string; view: DepositView }> {
  const role = await readViewerRole(tx, viewer, txId)
  if (FULL_VIEW.includes(role)) return { role, view: 'full' }
  if (SUMMARY_VIEW.includes(role)) return { role, view: 'summary' }
  throw notFound()
}

/** For the buyer's side only (payee checks, the buyer's writes): the role; 404 for the seller's side and others. */
export async function readBuyerSideRole(tx: Tx, viewer: Viewer, txId: string): Promise<string> {
  const { role, view } = await readDepositAccess(tx, viewer, txId)
  if (view !== 'full') throw notFound()
  return role
}

/** Setting the amount: the buyer's conveyancer; 403 for the buyer, 404 for everyone else. */
export async function requireDepositManager(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const role = await readBuyerSideRole(tx, viewer, txId)
  if (role !== 'buyer_conveyancer') {
    throw new AppError('forbidden', "Only the buyer's conveyancer sets the deposit and asks for its release.")
  }
}

/** A firm's name and the viewer's place in it: role (null: not a current member) and joined before the request. */
const FirmSeat = z.object({
  name: z.string(),
  role: z.enum(MEMBER_ROLES).nullable(),
  joined_before: z.boolean().nullable(),
})

/**
 * The firm `organizationId`'s name, the viewer's current role in it (null when not a current member)
 * and whether their membership began before the release `releaseId` was requested (null without a
 * release). One statement; membership rows are never reused, so `joined_at` is when this membership began.
 */
async function readFirmSeat(tx: Tx, viewer: Viewer, organizationId: string, releaseId: string | null) {
  const res = await tx.execute(sql`
    select o.name, om.role,
      case when ${releaseId}::uuid is null then null
        else om.joined_at < (select r.requested_at from deposit_releases r where r.id = ${releaseId}::uuid) end as joined_before
    from organizations o
    left join organization_members om on om.organization_id = o.id and om.profile_id = ${viewer.profileId} and om.removed_at is null
    where o.id = ${organizationId}`)
  return firstRow(FirmSeat, res)
}

/**
 * The firm whose people approve releases of the move's deposit (the firm instructed for the buyer),
 * whether the viewer is one of its current members, and whether they may approve: an admin or a fee
 * earner who, when a release is waiting, joined before it was requested. Null firm: the buyer's
 * conveyancer is not in a firm on Homeward.
 */
export async function approvingFirm(
  tx: Tx,
  viewer: Viewer,
  txId: string,
): Promise<{ organizationId: string | null; firmName: string | null; isMember: boolean; canApprove: boolean }> {
  const organizationId = await firmOfSide(tx, txId, 'buyer')
  if (!organizationId) return { organizationId: null, firmName: null, isMember: false, canApprove: false }
  const pending = await tx.execute(sql`
    select r.id from deposit_releases r join deposits d on d.id = r.deposit_id
    where d.transaction_id = ${txId} and r.status = 'pending'`)
  const seat = await readFirmSeat(
    tx,
    viewer,
    organizationId,
    firstRow(z.object({ id: z.string() }), pending)?.id ?? null,
  )
  const row = seat ?? { name: '', role: null, joined_before: null }
  return {
    organizationId,
    firmName: row.name,
    isMember: row.role !== null,
    canApprove: canApproveDepositRelease(row.role) && row.joined_before !== false,
  }
}

const NO_FIRM_MESSAGE =
  "A release needs two people at the buyer's conveyancer's firm, and the buyer's conveyancer is not in a firm on Homeward. Ask them to add their firm."

/** Throws unless the viewer is a current member of `organizationId` (any role: cancelling a waiting request): 403 naming the firm. */
export async function requireFirmMember(tx: Tx, viewer: Viewer, organizationId: string | null): Promise<void> {
  if (!organizationId) throw new AppError('unprocessable', NO_FIRM_MESSAGE)
  const seat = await readFirmSeat(tx, viewer, organizationId, null)
  if (!seat?.role) {
    throw new AppError(
      'forbidden',
      `Only people at ${seat?.name ?? 'the buyer’s firm'} approve releases of this deposit.`,
    )
  }
}

/**
 * Throws unless the viewer counts as one of the four eyes on a release of `organizationId`'s client:
 * a current admin or fee earner of the firm (403 for anyone else, assistants included) who, for an
 * approval of the waiting release `releaseId`, joined the firm before it was requested (403 naming
 * the rule). `releaseId` null: asking for a release, which is the first approval.
 */
export async function requireReleaseApprover(
  tx: Tx,
  viewer: Viewer,
  organizationId: string | null,
  releaseId: string | null,
): Promise<void> {
  if (!organizationId) throw new AppError('unprocessable', NO_FIRM_MESSAGE)
  const seat = await readFirmSeat(tx, viewer, organizationId, releaseId)
  const firm = seat?.name ?? 'the buyer’s firm'
  if (!seat?.role) throw new AppError('forbidden', `Only people at ${firm} approve releases of this deposit.`)
  if (!canApproveDepositRelease(seat.role)) {
    throw new AppError(
      'forbidden',
      `Only an admin or a fee earner of ${firm} asks for or approves a release of this deposit; an assistant cannot.`,
    )
  }
  if (seat.joined_before === false) {
    throw new AppError(
      'forbidden',
      `You joined ${firm} after this release was requested, so you cannot approve it. An admin or a fee earner who was at the firm before the request must approve it.`,
    )
  }
}

/** Profile ids of the firm's current admins: each is told of every release or refund asked for. */
export async function firmAdminIds(tx: Tx, organizationId: string): Promise<string[]> {
  const res = await tx.execute(sql`
    select profile_id as id from organization_members
    where organization_id = ${organizationId} and role = 'admin' and removed_at is null`)
  return rows(z.object({ id: z.string() }), res).map((r) => r.id)
}
