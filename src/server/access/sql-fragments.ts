/**
 * The access rules' drizzle forms. The rules are written once, as SQL text over references
 * (access/transactions.ts, access/firms.ts), because named prepared statements embed them with `$n`
 * parameters; queries built with drizzle's `sql` embed them through these functions instead of a
 * `sql.raw(...)` at each call site. The references are checked to be SQL references (a table alias,
 * `alias.column`, a `$n` parameter, or a one-column subselect of a CTE), never values: a value goes
 * in as a parameter, e.g. `cross join (select ${profileId}::uuid as vid) v` and the reference `v.vid`.
 */
import { sql, type SQL } from 'drizzle-orm'
import { agencySaleIdsSql, principalAdminFirmIdsSql, principalFirmIdsSql } from './firms'
import {
  canSeeTransactionRowSql,
  visibleTransactionIdArraySql,
  visibleTransactionIdsSql,
  viewerRoleSql,
} from './transactions'

const REFERENCE =
  /^(\$\d+|[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?|\(select [a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]* from [a-z_][a-z0-9_]*\))$/

/** An access rule's text over checked references, as a drizzle fragment. Throws on anything but a reference. */
function fragment(text: (...refs: string[]) => string, ...refs: string[]): SQL {
  for (const ref of refs) if (!REFERENCE.test(ref)) throw new Error(`Not a SQL reference: ${JSON.stringify(ref)}`)
  return sql.raw(text(...refs))
}

/** visibleTransactionIdsSql: the ids of the moves the profile `viewerRef` may see, as a subquery. */
export const visibleTransactionIds = (viewerRef: string): SQL => fragment(visibleTransactionIdsSql, viewerRef)

/** visibleTransactionIdArraySql: the same set as an array, for `t.id = any(...)`. */
export const visibleTransactionIdArray = (viewerRef: string): SQL => fragment(visibleTransactionIdArraySql, viewerRef)

/** canSeeTransactionRowSql: true when the profile `viewerRef` may see the transaction row `alias`. */
export const canSeeTransactionRow = (alias: string, viewerRef: string): SQL =>
  fragment(canSeeTransactionRowSql, alias, viewerRef)

/** viewerRoleSql: the role the profile `viewerRef` holds on the transaction row `alias`, or null. */
export const viewerRole = (alias: string, viewerRef: string): SQL => fragment(viewerRoleSql, alias, viewerRef)

/** agencySaleIdsSql: the sales the profile `viewerRef`'s estate agency is instructed on. */
export const agencySaleIds = (viewerRef: string): SQL => fragment(agencySaleIdsSql, viewerRef)

/** principalFirmIdsSql: the firms the principal `viewerRef` works in (member, or a firm key's firm). */
export const principalFirmIds = (viewerRef: string): SQL => fragment(principalFirmIdsSql, viewerRef)

/** principalAdminFirmIdsSql: the firms whose profile the principal `viewerRef` may change. */
export const principalAdminFirmIds = (viewerRef: string): SQL => fragment(principalAdminFirmIdsSql, viewerRef)
