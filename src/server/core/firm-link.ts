/**
 * Linking a move to the firm of the conveyancer on it (issue 38 item 2; decision 062): the move
 * becomes a matter of that firm for the conveyancer's side, held by them, and their participant row
 * names the firm, so that the firm's people see it (access/firms.ts) and two of them can release the
 * buyer's deposit (access/deposits.ts). Used when a conveyancer accepts an invitation to a move
 * (features/invitations/accept-invitation.ts: an email invitation carries no firm) and by
 * POST /api/transactions/{txId}/matter (features/firms/link-matter.ts), so the rule lives once.
 *
 * Who may link: a participant of the move in a conveyancer role (buyer_conveyancer or
 * seller_conveyancer) who is a current admin or fee earner (canBeFeeEarner) of a conveyancing firm
 * (`organizations.type = 'law'`). Refused, with what to do: no firm, a firm of another trade, an
 * assistant (who cannot hold a matter), or that side already a matter of another firm. The caller
 * holds the move's row lock; the unique index `matters_tx_side_key` is the database's backstop.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { canBeFeeEarner, matterSideLabel, type MatterSide } from '#shared/domain/firms.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { recordActivity } from './audit/record-activity'

/** Why a link cannot be made, for the caller to word or act on. */
export type FirmLinkRefusal = 'not_conveyancer' | 'no_firm' | 'not_law_firm' | 'assistant' | 'other_firm'

/** What linking would do (or did), or why it cannot. */
export type FirmLinkOption =
  | { ok: true; side: MatterSide; organizationId: string; firmName: string; already: boolean }
  | { ok: false; refusal: FirmLinkRefusal; message: string; firmName: string | null }

const Seat = z.object({
  role: z.string().nullable(),
  org_id: z.string().nullable(),
  org_name: z.string().nullable(),
  org_type: z.string().nullable(),
  member_role: z.string().nullable(),
  buyer_matter_org: z.string().nullable(),
  seller_matter_org: z.string().nullable(),
  buyer_matter_firm: z.string().nullable(),
  seller_matter_firm: z.string().nullable(),
})

/**
 * Whether the person `profileId` may link move `txId` to their firm now, without writing: the
 * side, firm and whether it is linked already, or the refusal with a message saying what to do.
 */
export async function firmLinkOption(tx: Tx, txId: string, profileId: string): Promise<FirmLinkOption> {
  const res = await tx.execute(sql`
    select tp.role, o.id as org_id, o.name as org_name, o.type as org_type, om.role as member_role,
      bm.organization_id as buyer_matter_org, sm.organization_id as seller_matter_org,
      (select name from organizations where id = bm.organization_id) as buyer_matter_firm,
      (select name from organizations where id = sm.organization_id) as seller_matter_firm
    from (select ${txId}::uuid as id) t
    left join transaction_participants tp on tp.transaction_id = t.id and tp.user_id = ${profileId}
      and tp.role in ('buyer_conveyancer', 'seller_conveyancer')
    left join organization_members om on om.profile_id = ${profileId} and om.removed_at is null
    left join organizations o on o.id = om.organization_id
    left join matters bm on bm.transaction_id = t.id and bm.side = 'buyer'
    left join matters sm on sm.transaction_id = t.id and sm.side = 'seller'`)
  const s = firstRow(Seat, res)
  if (!s?.role) {
    return {
      ok: false,
      refusal: 'not_conveyancer',
      message: "Only the buyer's or the seller's conveyancer on this move links it to their firm.",
      firmName: null,
    }
  }
  const side: MatterSide = s.role === 'buyer_conveyancer' ? 'buyer' : 'seller'
  if (!s.org_id || !s.org_name) {
    return {
      ok: false,
      refusal: 'no_firm',
      message:
        'You are not in a firm on Homeward. Create your firm or join one on the Firm page, then link this move to it.',
      firmName: null,
    }
  }
  if (s.org_type !== 'law') {
    return {
      ok: false,
      refusal: 'not_law_firm',
      message: `${s.org_name} is not a conveyancing firm on Homeward, so it cannot take this move as a matter.`,
      firmName: s.org_name,
    }
  }
  const matterOrg = side === 'buyer' ? s.buyer_matter_org : s.seller_matter_org
  if (matterOrg && matterOrg !== s.org_id) {
    const other = (side === 'buyer' ? s.buyer_matter_firm : s.seller_matter_firm) ?? 'another firm'
    return {
      ok: false,
      refusal: 'other_firm',
      message: `The ${matterSideLabel(side).toLowerCase()} side of this move is already a matter of ${other}. Ask them to reassign or close it first.`,
      firmName: s.org_name,
    }
  }
  if (!matterOrg && !canBeFeeEarner(s.member_role)) {
    return {
      ok: false,
      refusal: 'assistant',
      message: `An assistant cannot hold a matter. Ask an admin or a fee earner of ${s.org_name} to link this move.`,
      firmName: s.org_name,
    }
  }
  return { ok: true, side, organizationId: s.org_id, firmName: s.org_name, already: matterOrg === s.org_id }
}

/**
 * Links move `txId` to the firm of the conveyancer `profileId` (firmLinkOption's rule), inside the
 * caller's database transaction: the matter (held by them, instructed now, the side's client named
 * when on the move), their participant row's firm and the audit entry 'matter.linked'. Returns the
 * option it acted on; a refusal or an existing link writes nothing.
 */
export async function linkMoveToFirm(
  tx: Tx,
  opts: { txId: string; profileId: string; ip?: string | null },
): Promise<FirmLinkOption> {
  const option = await firmLinkOption(tx, opts.txId, opts.profileId)
  if (!option.ok || option.already) return option
  const { side, organizationId, firmName } = option
  const client = await tx.execute(sql`
    select p.full_name, p.email from transactions t
    join profiles p on p.id = case when ${side}::text = 'buyer' then t.buyer_user_id else t.seller_user_id end
    where t.id = ${opts.txId}`)
  const c = firstRow(z.object({ full_name: z.string(), email: z.string() }), client)
  await tx.execute(sql`
    insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name, client_email, instructed_at)
    values (${organizationId}, ${opts.txId}, ${side}, ${opts.profileId},
      ${c?.full_name ?? (side === 'buyer' ? 'The buyer' : 'The seller')}, ${c?.email.toLowerCase() ?? null}, now())`)
  await tx.execute(sql`
    update transaction_participants set organization_id = ${organizationId}
    where transaction_id = ${opts.txId} and user_id = ${opts.profileId}`)
  await recordActivity(tx, {
    transactionId: opts.txId,
    actorId: opts.profileId,
    kind: 'matter.linked',
    summary: `linked the move to ${firmName}, the ${matterSideLabel(side).toLowerCase()} conveyancer's firm`,
    payload: { organizationId, side },
    ip: opts.ip,
  })
  return option
}
