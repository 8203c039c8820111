/**
 * Who acts for a firm (an organizations row) and who hears about its deadlines. Firm settings (SLA
 * targets, standard enquiry lists) may be read and changed only by someone acting for the firm;
 * anyone else gets the standard 404. Permission: `update:firm-settings:own-firm`.
 *
 * Until firm membership lands (organisation members with roles, and a matter's fee earner), a
 * professional acts for a firm when they are on a matter as that firm's participant
 * (transaction_participants.organization_id), and the people told about a matter's deadlines are
 * the conveyancers of that side. The membership plugs in here, and only here: `firmIdsOfViewer`
 * becomes the viewer's memberships, `canManageFirm` their admin role, and `deadlineRecipients` the
 * matter's fee earner plus the firm's admins.
 */
import { sql } from 'drizzle-orm'
import type { Viewer } from '../auth/viewer'
import type { Database, Tx } from '../db/client'
import { notFound } from '../http/errors'

/** The firms the viewer acts for. */
export async function firmIdsOfViewer(tx: Tx | Database['db'], viewer: Viewer): Promise<string[]> {
  const res = await tx.execute(sql`
    select distinct organization_id as id from transaction_participants
    where user_id = ${viewer.profileId} and organization_id is not null`)
  return (res.rows as { id: string }[]).map((r) => r.id)
}

/** Throws the standard 404 unless the viewer may read and change the firm's settings. */
export async function assertCanManageFirm(tx: Tx | Database['db'], viewer: Viewer, organizationId: string) {
  if (!(await firmIdsOfViewer(tx, viewer)).includes(organizationId)) throw notFound('firm')
}

/** The firm of a side's conveyancer on a matter (the first to join), or null. */
export async function firmOfSide(tx: Tx, txId: string, side: 'buyer' | 'seller'): Promise<string | null> {
  const res = await tx.execute(sql`
    select organization_id from transaction_participants
    where transaction_id = ${txId} and role = ${side + '_conveyancer'} and organization_id is not null
    order by created_at limit 1`)
  return (res.rows[0] as { organization_id: string } | undefined)?.organization_id ?? null
}

/** Profile ids to tell when a deadline of `side` on the matter is due soon or breached. */
export async function deadlineRecipients(tx: Tx, txId: string, side: 'buyer' | 'seller'): Promise<string[]> {
  const res = await tx.execute(sql`
    select user_id from transaction_participants
    where transaction_id = ${txId} and role = ${side + '_conveyancer'}`)
  return (res.rows as { user_id: string }[]).map((r) => r.user_id)
}
