/**
 * Firm members and the firm's matters: the part of access that comes from working in a firm. A
 * current member of a firm (any member role: admin, fee earner, assistant) sees every matter of that
 * firm and the transaction under it, as the firm's conveyancer on that side; a removed member sees
 * none. Used by access/transactions.ts, so that every transaction read and write keeps going through
 * one set of fragments. Permission: `read:transaction:firm-member`.
 */
import { sql } from 'drizzle-orm'
import type { MemberRole } from '../../shared/domain/firms'
import type { Viewer } from '../auth/viewer'
import type { Tx } from '../db/client'

/** SQL subquery of the transaction ids on which the profile in `param` works through their current firm. */
export function firmTransactionIdsSql(param: string): string {
  return `select fm.transaction_id from organization_members fom
    join matters fm on fm.organization_id = fom.organization_id
    where fom.profile_id = ${param} and fom.removed_at is null`
}

/** SQL condition: the profile in `param` is a current member of the firm instructed on transaction `txExpr`. */
export function firmMemberOnTransactionSql(txExpr: string, param: string): string {
  return `exists(select 1 from matters vm join organization_members vom
    on vom.organization_id = vm.organization_id and vom.removed_at is null
    where vm.transaction_id = ${txExpr} and vom.profile_id = ${param})`
}

/**
 * SQL expression: the participant role the profile in `param` holds on transaction `txExpr` through
 * their firm ('buyer_conveyancer' or 'seller_conveyancer'), or null. When their firm acts for both
 * sides, the buyer's side first.
 */
export function firmRoleOnTransactionSql(txExpr: string, param: string): string {
  return `(select case vm.side when 'buyer' then 'buyer_conveyancer' else 'seller_conveyancer' end
    from matters vm join organization_members vom on vom.organization_id = vm.organization_id and vom.removed_at is null
    where vm.transaction_id = ${txExpr} and vom.profile_id = ${param} order by vm.side limit 1)`
}

/**
 * SQL subquery of the matters the profile in `param` may see on the cases board: every matter of
 * the firm they are a current member of. Columns: the whole `matters` row.
 */
export function visibleMattersSql(param: string): string {
  return `select vm.* from organization_members vom
    join matters vm on vm.organization_id = vom.organization_id
    where vom.profile_id = ${param} and vom.removed_at is null`
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
  const row = res.rows[0] as { id: string; name: string; role: MemberRole } | undefined
  return row ? { organizationId: row.id, role: row.role, firmName: row.name } : null
}
