/**
 * Who may work a buyer's mortgage case: the move's mortgage broker, that is a participant of the
 * move in role `mortgage_broker` (invited by the buyer's side). Built on the transactions access
 * rules (lockTransactionForViewer, readViewerRole): an outsider gets the standard 404, someone else
 * on the move a 403 naming the rule.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { canKeepBrokerClients, canWorkMortgageCase } from '#shared/domain/permissions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { notFound } from '#server/core/errors.ts'
import { requirePermission } from './permissions'
import { lockTransactionForViewer, readViewerRole } from './transactions'

export const NOT_THE_BROKER_MESSAGE = "Only the move's mortgage broker can see and keep its mortgage case."

/** SQL: ids of the moves on which the profile in `param` is the mortgage broker (the pipeline's rows). */
export function brokerTransactionIdsSql(param: string): string {
  return `(select tp.transaction_id from transaction_participants tp where tp.user_id = ${param} and tp.role = 'mortgage_broker')`
}

/** brokerTransactionIdsSql as a drizzle fragment for the profile `profileId`. */
export function brokerTransactionIds(profileId: string) {
  return sql`(select tp.transaction_id from transaction_participants tp where tp.user_id = ${profileId} and tp.role = 'mortgage_broker')`
}

/** For a write: locks the move for the viewer (404 when they may not see it), 403 unless they are its broker. */
export async function lockMortgageCaseForBroker(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const { role } = await lockTransactionForViewer(tx, viewer, txId)
  requirePermission('update:mortgage-case:broker', canWorkMortgageCase(role), NOT_THE_BROKER_MESSAGE)
}

/** For a read: 404 when the viewer may not see the move, 403 unless they are its broker. */
export async function assertBrokerOnMove(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const role = await readViewerRole(tx, viewer, txId)
  requirePermission('update:mortgage-case:broker', canWorkMortgageCase(role), NOT_THE_BROKER_MESSAGE)
}

export const NOT_A_BROKER_MESSAGE = 'Only a mortgage broker can add and keep client records.'

/**
 * SQL condition on mortgage_cases row `alias`: the client record is the viewer's (profile id in
 * `param`, a SQL expression): they are its broker, or an active member of the firm that owns it.
 * The one rule of who sees a broker's client record (decision 059); anyone else gets 404. The firm
 * is compared as one value (a principal is an active member of at most one firm, by the unique
 * organization_members_active_profile_key), so the two arms probe mortgage_cases_broker_idx and
 * mortgage_cases_org_idx instead of testing every record (decision 075).
 */
export function brokerClientVisibleSql(alias: string, param: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`)
  return `(${alias}.broker_profile_id = ${param} or ${alias}.organization_id = (
    select om.organization_id from organization_members om where om.profile_id = ${param} and om.removed_at is null
    limit 1))`
}

/** brokerClientVisibleSql as a drizzle fragment for the profile `profileId`. */
export function brokerClientVisible(alias: string, profileId: string) {
  const a = sql.identifier(alias)
  return sql`(${a}.broker_profile_id = ${profileId} or ${a}.organization_id = (
    select om.organization_id from organization_members om where om.profile_id = ${profileId} and om.removed_at is null
    limit 1))`
}

/** A client record the viewer may keep, locked for a write (or read): 404 when not theirs or their firm's. */
export async function lockBrokerClient(
  tx: Tx,
  viewer: Viewer,
  clientId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ id: string; transaction_id: string | null; broker_profile_id: string }> {
  requirePermission('update:broker-client:firm', canKeepBrokerClients(viewer.roles), NOT_A_BROKER_MESSAGE)
  const res = await tx.execute(sql`select c.id, c.transaction_id, c.broker_profile_id from mortgage_cases c
    where c.id = ${clientId} and ${brokerClientVisible('c', viewer.profileId)}
    ${opts.forUpdate ? sql`for update of c` : sql``}`)
  const row = firstRow(ClientRef, res)
  if (!row) throw notFound('client')
  return row
}

const ClientRef = z.object({ id: z.string(), transaction_id: z.string().nullable(), broker_profile_id: z.string() })
