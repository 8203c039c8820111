/**
 * Who may do what with surveys (part of the one access module, decision 005): the buyer side of a
 * move books, moves and cancels its surveys; a current member of a survey firm (organizations.type
 * 'survey') sees and works the firm's bookings. Whatever the viewer may not see answers 404.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { lockTransactionForViewer } from './transactions'

/** Roles on a move that book its surveys: the buyer and the people acting for them. */
export const SURVEY_BOOKER_ROLES: readonly string[] = ['buyer', 'buyer_conveyancer', 'buyers_agent']

/**
 * Locks the move for the viewer (404 when they may not see it) and refuses with 403 unless they
 * are on its buyer side.
 */
export async function lockTransactionForBooker(tx: Tx, viewer: Viewer, txId: string): Promise<void> {
  const { role } = await lockTransactionForViewer(tx, viewer, txId)
  if (!SURVEY_BOOKER_ROLES.includes(role))
    throw new AppError('forbidden', "Only the buyer's side of a move books its survey.")
}

/** The survey firm the viewer is a current member of, with their member role; null when none. */
export async function surveyFirmOfViewer(
  tx: Tx | Database['db'],
  viewer: Viewer,
): Promise<{ id: string; name: string; memberRole: string } | null> {
  const res = await tx.execute(sql`
    select o.id, o.name, om.role from organization_members om join organizations o on o.id = om.organization_id
    where om.profile_id = ${viewer.profileId} and om.removed_at is null and o.type = 'survey'`)
  const row = firstRow(z.object({ id: z.string(), name: z.string(), role: z.string() }), res)
  return row ? { id: row.id, name: row.name, memberRole: row.role } : null
}

/** As surveyFirmOfViewer, but 403 naming the rule when the viewer belongs to no survey firm. */
export async function requireSurveyFirm(
  tx: Tx | Database['db'],
  viewer: Viewer,
): Promise<{ id: string; name: string; memberRole: string }> {
  const firm = await surveyFirmOfViewer(tx, viewer)
  if (!firm)
    throw new AppError('forbidden', 'Only a member of a survey firm keeps a schedule: create or join your firm first.')
  return firm
}

/** A survey booking as the firm's use cases lock it. Price in pence. */
const FirmBooking = z.object({
  id: z.string(),
  transaction_id: z.string(),
  surveyor_id: z.string(),
  status: z.string(),
  price_pence: z.number(),
  organization_id: z.string(),
})

/**
 * Locks a booking of the viewer's survey firm (`for update`) and returns its row; 404 when it is
 * not the firm's booking.
 */
export async function lockFirmBooking(tx: Tx, viewer: Viewer, bookingId: string) {
  const firm = await requireSurveyFirm(tx, viewer)
  const res = await tx.execute(sql`
    select id, transaction_id, surveyor_id, status, price_pence, organization_id from survey_bookings
    where id = ${bookingId} and organization_id = ${firm.id} for update`)
  const row = firstRow(FirmBooking, res)
  if (!row) throw notFound('booking')
  return { ...row, firm }
}
