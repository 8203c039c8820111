/**
 * Firm members and the firm's matters: the part of access that comes from working in a firm. A
 * current member of a firm (any member role: admin, fee earner, assistant) sees every matter of that
 * firm and the transaction under it, as the firm's conveyancer on that side; a removed member sees
 * none. Used by access/transactions.ts, so that every transaction read and write keeps going through
 * one set of fragments. Permission: `read:transaction:firm-member`.
 *
 * Firm settings (SLA targets, standard enquiry lists) are read by any current member and changed by
 * the firm's admins (`update:firm-settings:own-firm`); anyone else gets the standard 404. Deadline
 * alerts go to the matter's fee earner and the firm's admins.
 *
 * Every fragment here takes the viewer's access principal (auth/viewer.ts viewerAccessId): a
 * person's profile id, or a firm API key's id. A key's id is in no one's personal rows (buyer,
 * seller, participant), so it reaches exactly its firm's part: the firm's matters and, for an
 * estate agency, its sales (principalFirmIdsSql). Decision 050.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { MEMBER_ROLES, type MemberRole } from '#shared/domain/firms.ts'
import type { Viewer } from '../auth/viewer'
import type { Database, Tx } from '../db/client'
import { firstRow, IdRow, rows } from '../db/rows'
import { AppError, notFound } from '#server/core/errors.ts'

/**
 * SQL subquery (parenthesised, one column `organization_id`) of the firms the principal in `param`
 * works in: for a profile id, the firm they are a current member of; for a firm API key's id, the
 * key's firm while the key is live (not revoked, not expired) and its maker is still one of the firm's
 * admins, as resolve-api-token.ts checks on every request. The two branches never both match: a
 * key's id is no profile's id.
 */
export function principalFirmIdsSql(param: string): string {
  return `(select pfm.organization_id from organization_members pfm where pfm.profile_id = ${param} and pfm.removed_at is null
    union all select pfk.organization_id from api_tokens pfk where pfk.id = ${param} and pfk.organization_id is not null
      and pfk.revoked_at is null and (pfk.expires_at is null or pfk.expires_at > now())
      and exists(select 1 from organization_members pka where pka.organization_id = pfk.organization_id
        and pka.profile_id = pfk.profile_id and pka.role = 'admin' and pka.removed_at is null))`
}

/**
 * SQL subquery of the transaction ids on which the principal in `param` works through their current
 * firm: the firm's matters and its estate agency sales. For a firm API key this is everything it sees.
 */
export function firmTransactionIdsSql(param: string): string {
  return `select fm.transaction_id from matters fm where fm.organization_id in ${principalFirmIdsSql(param)}
    union ${agencySaleIdsSql(param)}`
}

/**
 * SQL subquery of the sales an estate agency works through its people: transactions with an
 * estate agent participant who is a current member of the same firm as the profile in `param`, or
 * whose participant row names that firm (`organization_id`, the marketplace's invite). With the
 * agent's own participation (visibleTransactionIdsSql), this is the agent's portfolio, firm-wide.
 * Permission: `read:sale:agency-member`.
 */
export function agencySaleIdsSql(param: string): string {
  return `select atp.transaction_id from ${principalFirmIdsSql(param)} aom
    join organization_members acol on acol.organization_id = aom.organization_id and acol.removed_at is null
    join transaction_participants atp on atp.user_id = acol.profile_id and atp.role = 'estate_agent'
    union select atp.transaction_id from ${principalFirmIdsSql(param)} aom
    join transaction_participants atp on atp.organization_id = aom.organization_id and atp.role = 'estate_agent'`
}

/**
 * SQL condition: the principal in `param` (a current member, or a firm API key) belongs to the firm
 * instructed on transaction `txExpr`, or to an estate agency working the sale.
 */
export function firmMemberOnTransactionSql(txExpr: string, param: string): string {
  return `(exists(select 1 from matters vm
    where vm.transaction_id = ${txExpr} and vm.organization_id in ${principalFirmIdsSql(param)})
    or ${agencyMemberOnTransactionSql(txExpr, param)})`
}

/** SQL condition: the principal in `param` belongs to an estate agency working the sale `txExpr` (agencySaleIdsSql). */
export function agencyMemberOnTransactionSql(txExpr: string, param: string): string {
  return `exists(select 1 from transaction_participants atp
    cross join ${principalFirmIdsSql(param)} aom
    where atp.transaction_id = ${txExpr} and atp.role = 'estate_agent'
      and (atp.organization_id = aom.organization_id or exists(select 1 from organization_members acol
        where acol.profile_id = atp.user_id and acol.organization_id = aom.organization_id and acol.removed_at is null)))`
}

/**
 * SQL expression: the participant role the principal in `param` holds on transaction `txExpr` through
 * their firm ('buyer_conveyancer' or 'seller_conveyancer'), else 'estate_agent' when their agency
 * works the sale, or null. When their firm acts for both sides, the buyer's side first.
 */
export function firmRoleOnTransactionSql(txExpr: string, param: string): string {
  return `coalesce((select case vm.side when 'buyer' then 'buyer_conveyancer' else 'seller_conveyancer' end
    from matters vm
    where vm.transaction_id = ${txExpr} and vm.organization_id in ${principalFirmIdsSql(param)} order by vm.side limit 1),
    case when ${agencyMemberOnTransactionSql(txExpr, param)} then 'estate_agent' end)`
}

/**
 * SQL subquery of the matters the principal in `param` may see on the cases board: every matter of
 * the firm they are a current member of (or of a firm API key's firm). Columns: the whole `matters`
 * row; callers may append `and ...` conditions on `vm`. A principal works in at most one firm (one
 * current membership per profile, organization_members_active_profile_key; a key has one firm, and
 * the two branches of principalFirmIdsSql never both match), so the firm is compared as one value:
 * the matters then come from matters_org_instructed_idx in its order, and the board takes its page
 * from the index without reading the firm's other matters (issue 43).
 */
export function visibleMattersSql(param: string): string {
  return `select vm.* from matters vm
    where vm.organization_id = (select pf.organization_id from ${principalFirmIdsSql(param)} pf limit 1)`
}

/**
 * The viewer's current firm membership, read inside a database transaction with the firm's row
 * locked (`for update`) so that membership changes of one firm queue (the last admin cannot be
 * removed twice at once). Null when the viewer belongs to no firm.
 */
export async function lockViewerFirm(
  tx: Tx,
  viewer: Viewer,
): Promise<{ organizationId: string; role: MemberRole; firmName: string } | null> {
  const res = await tx.execute(sql`
    select o.id, o.name, om.role from organization_members om join organizations o on o.id = om.organization_id
    where om.profile_id = ${viewer.profileId} and om.removed_at is null for update of o`)
  const row = firstRow(z.object({ id: z.string(), name: z.string(), role: z.enum(MEMBER_ROLES) }), res)
  return row ? { organizationId: row.id, role: row.role, firmName: row.name } : null
}

/** The firms the viewer is a current member of (at most one today). */
export async function firmIdsOfViewer(tx: Tx | Database['db'], viewer: Viewer): Promise<string[]> {
  const res = await tx.execute(sql`
    select organization_id as id from organization_members
    where profile_id = ${viewer.profileId} and removed_at is null`)
  return rows(IdRow, res).map((r) => r.id)
}

/**
 * Throws the standard 404 unless the viewer is a current member of the firm; with `admin`, unless
 * they are one of its admins (changing the firm's settings).
 */
export async function assertCanManageFirm(
  tx: Tx | Database['db'],
  viewer: Viewer,
  organizationId: string,
  { admin = false }: { admin?: boolean } = {},
): Promise<void> {
  const res = await tx.execute(sql`
    select role from organization_members
    where profile_id = ${viewer.profileId} and organization_id = ${organizationId} and removed_at is null`)
  const row = firstRow(z.object({ role: z.enum(MEMBER_ROLES) }), res)
  if (!row || (admin && row.role !== 'admin')) throw notFound('firm')
}

/**
 * Throws unless the viewer is one of the firm's current admins: 404 (the standard not-found) when
 * they are not a current member, 403 naming the rule when they are a member in another role.
 */
export async function assertFirmAdmin(tx: Tx | Database['db'], viewer: Viewer, organizationId: string): Promise<void> {
  const res = await tx.execute(sql`
    select om.role, o.name from organization_members om join organizations o on o.id = om.organization_id
    where om.profile_id = ${viewer.profileId} and om.organization_id = ${organizationId} and om.removed_at is null`)
  const row = firstRow(z.object({ role: z.enum(MEMBER_ROLES), name: z.string() }), res)
  if (!row) throw notFound('firm')
  if (row.role !== 'admin') throw new AppError('forbidden', `Only an admin of ${row.name} sees the firm's activity.`)
}

/** The firm instructed for `side` on the transaction (its matter), else that side's conveyancer's firm, or null. */
export async function firmOfSide(tx: Tx, txId: string, side: 'buyer' | 'seller'): Promise<string | null> {
  const res = await tx.execute(sql`
    select organization_id from (
      select organization_id, 0 as pref, null::timestamptz as created_at from matters
        where transaction_id = ${txId} and side = ${side}
      union all
      select organization_id, 1, created_at from transaction_participants
        where transaction_id = ${txId} and role = ${side + '_conveyancer'} and organization_id is not null
    ) f order by pref, created_at limit 1`)
  return firstRow(z.object({ organization_id: z.string() }), res)?.organization_id ?? null
}

/**
 * Profile ids to tell when a deadline of `side` on the matter is due soon or breached: the matter's
 * fee earner and the firm's admins; without a matter, that side's conveyancers on the move.
 */
export async function deadlineRecipients(tx: Tx, txId: string, side: 'buyer' | 'seller'): Promise<string[]> {
  const res = await tx.execute(sql`
    with m as (select organization_id, fee_earner_id from matters where transaction_id = ${txId} and side = ${side})
    select fee_earner_id as user_id from m where fee_earner_id is not null
    union
    select om.profile_id from organization_members om join m on m.organization_id = om.organization_id
      where om.role = 'admin' and om.removed_at is null
    union
    select user_id from transaction_participants
      where transaction_id = ${txId} and role = ${side + '_conveyancer'} and not exists (select 1 from m)`)
  return rows(z.object({ user_id: z.string() }), res).map((r) => r.user_id)
}

/**
 * SQL subquery (parenthesised, one column `organization_id`) of the firms whose public profile the
 * principal in `param` may change (`update:firm-profile:own-firm`): the firm they are a current admin
 * of, or a firm API key's own firm (principalFirmIdsSql's key branch: live, its maker still an admin).
 * Any current member reads the profile (principalFirmIdsSql). Decision 056.
 */
export function principalAdminFirmIdsSql(param: string): string {
  return `(select pam.organization_id from organization_members pam where pam.profile_id = ${param}
      and pam.role = 'admin' and pam.removed_at is null
    union all select pak.organization_id from api_tokens pak where pak.id = ${param} and pak.organization_id is not null
      and pak.revoked_at is null and (pak.expires_at is null or pak.expires_at > now())
      and exists(select 1 from organization_members pka where pka.organization_id = pak.organization_id
        and pka.profile_id = pak.profile_id and pka.role = 'admin' and pka.removed_at is null))`
}
