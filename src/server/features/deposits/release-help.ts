/**
 * Why nobody can ask for a release or refund of the deposit now, and who can change that (issue 38
 * item 2): the deposit page says so instead of silently leaving out the release form. The rules it
 * explains are access/deposits.ts's (two admins or fee earners of the firm instructed for the buyer,
 * decisions 034 and 050); the firm link it offers is core/firm-link.ts's. Null when the viewer can
 * ask (or approve), or when a person at the buyer's firm can and the viewer is the buyer.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ReleaseHelp } from '#shared/contracts/deposits.ts'
import { canApproveDepositRelease } from '#shared/domain/firms.ts'
import type { approvingFirm } from '#server/access/deposits.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, oneRow } from '#server/db/rows.ts'
import { firmLinkOption } from '#server/core/firm-link.ts'

type Firm = Awaited<ReturnType<typeof approvingFirm>>

const TWO_PEOPLE = "A release needs two people at the buyer's conveyancer's firm on Homeward"

/** The buyer's conveyancer on the move (the first to join), for naming who can fix it. */
async function buyerConveyancerName(tx: Tx, txId: string): Promise<string | null> {
  const res = await tx.execute(sql`
    select p.full_name from transaction_participants tp join profiles p on p.id = tp.user_id
    where tp.transaction_id = ${txId} and tp.role = 'buyer_conveyancer' order by tp.created_at limit 1`)
  return firstRow(z.object({ full_name: z.string() }), res)?.full_name ?? null
}

/** The firm's current admins and fee earners: the people who may ask for and approve a release. */
async function approverCount(tx: Tx, organizationId: string): Promise<number> {
  const res = await tx.execute(sql`
    select count(*)::int as n from organization_members
    where organization_id = ${organizationId} and role in ('admin', 'fee_earner') and removed_at is null`)
  return oneRow(z.object({ n: z.number() }), res).n
}

/** The viewer's member role in `organizationId`, or null. */
async function memberRole(tx: Tx, viewer: Viewer, organizationId: string): Promise<string | null> {
  const res = await tx.execute(sql`
    select role from organization_members
    where organization_id = ${organizationId} and profile_id = ${viewer.profileId} and removed_at is null`)
  return firstRow(z.object({ role: z.string() }), res)?.role ?? null
}

/**
 * The help for the buyer's side of a deposit not yet paid out: `role` is 'buyer' or
 * 'buyer_conveyancer' (the full view), `firm` approvingFirm's answer for the viewer.
 */
export async function releaseHelp(
  tx: Tx,
  { viewer, txId, role, firm }: { viewer: Viewer; txId: string; role: string; firm: Firm | null },
): Promise<ReleaseHelp | null> {
  const buyer = role === 'buyer'
  if (!firm?.organizationId) {
    const reason = buyer
      ? 'Nobody can release your deposit yet: a release needs two people at your conveyancer’s firm, and this move is not linked to a firm on Homeward.'
      : `${TWO_PEOPLE}, and this move is not linked to a firm.`
    if (buyer) {
      const name = await buyerConveyancerName(tx, txId)
      return {
        reason,
        fix: name
          ? `${name}, your conveyancer, can fix this: on this page they link the move to their firm (creating their firm on Homeward first if it is not there yet).`
          : 'Invite your conveyancer from People. Once they link the move to their firm, two people there can release it.',
        can_link_firm: false,
        firm_name: null,
      }
    }
    const option = await firmLinkOption(tx, txId, viewer.profileId)
    if (option.ok) {
      return {
        reason,
        fix: `Link it to ${option.firmName}: the move becomes a matter of ${option.firmName}, and two of its admins or fee earners can then ask for and approve the release.`,
        can_link_firm: true,
        firm_name: option.firmName,
      }
    }
    return { reason, fix: option.message, can_link_firm: false, firm_name: option.firmName }
  }
  const firmName = firm.firmName ?? 'the buyer’s firm'
  if ((await approverCount(tx, firm.organizationId)) < 2) {
    return {
      reason: `${TWO_PEOPLE}, and ${firmName} has only one admin or fee earner on Homeward.`,
      fix: buyer
        ? `Ask your conveyancer: an admin of ${firmName} adds a colleague as a fee earner on the Firm page.`
        : `An admin of ${firmName} invites a colleague as an admin or fee earner on the Firm page.`,
      can_link_firm: false,
      firm_name: firmName,
    }
  }
  if (buyer || firm.canApprove) return null
  const seat = await memberRole(tx, viewer, firm.organizationId)
  return {
    reason: `Releases of this deposit are asked for and approved by two admins or fee earners of ${firmName}, the firm instructed for the buyer.`,
    fix:
      seat && !canApproveDepositRelease(seat)
        ? `As an assistant you cannot ask for or approve one; an admin or a fee earner of ${firmName} can.`
        : seat
          ? `You joined ${firmName} after the waiting request was made; an admin or a fee earner who was there before approves it.`
          : `Ask an admin or a fee earner of ${firmName}.`,
    can_link_firm: false,
    firm_name: firmName,
  }
}
