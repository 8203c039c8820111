/**
 * Who may see a person's identity check and client due diligence (MLR 2017): the person, and the
 * conveyancer instructed for them on the move (the firm with the matter on their side, or that
 * side's conveyancer on the move). Nobody else, the other side and its professionals included: they
 * get the standard 404, as for something that does not exist. Permissions `read:identity:own`,
 * `read:cdd:instructed-firm`, `update:cdd:instructed-firm`.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Viewer } from '../auth/viewer'
import type { Tx } from '../db/client'
import { firstRow } from '../db/rows'
import { notFound } from '#server/core/errors.ts'
import { readViewerRole } from './transactions'

/** The side on which `profileId` is a client of move `txId` (its buyer or seller), or null. */
export async function clientSide(tx: Tx, txId: string, profileId: string): Promise<'buyer' | 'seller' | null> {
  const res = await tx.execute(sql`
    select case when t.buyer_user_id = ${profileId} or exists(select 1 from transaction_participants p
                  where p.transaction_id = t.id and p.user_id = ${profileId} and p.role = 'buyer') then 'buyer'
                when t.seller_user_id = ${profileId} or exists(select 1 from transaction_participants p
                  where p.transaction_id = t.id and p.user_id = ${profileId} and p.role = 'seller') then 'seller'
           end as side
    from transactions t where t.id = ${txId}`)
  return firstRow(z.object({ side: z.enum(['buyer', 'seller']).nullable() }), res)?.side ?? null
}

/** The viewer's conveyancer side on the move ('buyer' for buyer_conveyancer ...), null when they are not one. 404 when they cannot see the move. */
export async function conveyancerSideOfViewer(
  tx: Tx,
  viewer: Viewer,
  txId: string,
): Promise<'buyer' | 'seller' | null> {
  const role = await readViewerRole(tx, viewer, txId)
  return role === 'buyer_conveyancer' ? 'buyer' : role === 'seller_conveyancer' ? 'seller' : null
}

/**
 * Throws the standard 404 unless the viewer is the conveyancer instructed for client `profileId` on
 * move `txId` (also when `profileId` is no client of the move). Returns the client's side.
 */
export async function assertInstructedFor(
  tx: Tx,
  viewer: Viewer,
  txId: string,
  profileId: string,
): Promise<'buyer' | 'seller'> {
  const mine = await conveyancerSideOfViewer(tx, viewer, txId)
  const side = await clientSide(tx, txId, profileId)
  if (!side || mine !== side) throw notFound('client due diligence record')
  return side
}

/**
 * Throws the standard 404 unless the viewer may see `profileId`'s identity images on move `txId`:
 * they are that person (and on the move), or the conveyancer instructed for them.
 */
export async function assertMayViewIdentity(tx: Tx, viewer: Viewer, txId: string, profileId: string): Promise<void> {
  if (viewer.profileId === profileId) {
    await readViewerRole(tx, viewer, txId)
    return
  }
  await assertInstructedFor(tx, viewer, txId, profileId)
}
