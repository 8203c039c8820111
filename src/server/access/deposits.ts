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
 * by current members of the buyer's firm (two different people); the buyer checks the payee.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, oneRow } from '#server/db/rows.ts'
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

/** A firm's name and whether the viewer is one of its current members. */
const FirmMembership = z.object({ name: z.string(), member: z.boolean() })

/**
 * The firm whose people approve releases of the move's deposit (the firm instructed for the buyer)
 * and whether the viewer is one of its current members. Null firm: the buyer's conveyancer is not
 * in a firm on Homeward.
 */
export async function approvingFirm(
  tx: Tx,
  viewer: Viewer,
  txId: string,
): Promise<{ organizationId: string | null; firmName: string | null; isMember: boolean }> {
  const organizationId = await firmOfSide(tx, txId, 'buyer')
  if (!organizationId) return { organizationId: null, firmName: null, isMember: false }
  const res = await tx.execute(sql`
    select o.name, exists(select 1 from organization_members om where om.organization_id = o.id
      and om.profile_id = ${viewer.profileId} and om.removed_at is null) as member
    from organizations o where o.id = ${organizationId}`)
  const row = oneRow(FirmMembership, res)
  return { organizationId, firmName: row.name, isMember: row.member }
}

/** Throws unless the viewer is a current member of `organizationId`: 403 naming the firm. */
export async function requireFirmApprover(tx: Tx, viewer: Viewer, organizationId: string | null): Promise<void> {
  if (!organizationId) {
    throw new AppError(
      'unprocessable',
      "A release needs two people at the buyer's conveyancer's firm, and the buyer's conveyancer is not in a firm on Homeward. Ask them to add their firm.",
    )
  }
  const res = await tx.execute(sql`
    select o.name, exists(select 1 from organization_members om where om.organization_id = o.id
      and om.profile_id = ${viewer.profileId} and om.removed_at is null) as member
    from organizations o where o.id = ${organizationId}`)
  const row = firstRow(FirmMembership, res)
  if (!row?.member) {
    throw new AppError(
      'forbidden',
      `Only people at ${row?.name ?? 'the buyer’s firm'} approve releases of this deposit.`,
    )
  }
}
