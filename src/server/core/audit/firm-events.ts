/**
 * Firm membership changes as security events: who created or claimed a firm, joined it, had their
 * role changed or was removed, and which invitations were sent or withdrawn. A move's audit trail is
 * per transaction and a membership change is not a change to a move (docs/decisions/018), so these
 * go to the append-only `security_events` of the person who made the change, written in the same
 * database transaction as the change itself. Reassigning a matter is in the move's audit trail and
 * here too (firm.matter_reassigned), as are changes to the firm's SLA targets and standard enquiry
 * lists. The firm's admins read them all on the firm's Activity page (list-firm-events.ts).
 */
import type { SecurityEventKind } from '#shared/contracts/account.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { securityEvents } from '#server/db/schema/index.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'

/** The firm events' kinds (a subset of SECURITY_EVENT_KINDS). */
export type FirmEventKind = Extract<SecurityEventKind, `firm.${string}`>

/**
 * Appends one firm event for `viewer` (the actor). `detail` names the firm (`organization_id`, `firm`)
 * and, where there is one, the member or invited email and the roles before and after; never a token.
 */
export async function recordFirmEvent(
  tx: Tx,
  options: {
    viewer: Viewer
    kind: FirmEventKind
    organizationId: string
    firmName: string
    detail?: Record<string, unknown>
    origin?: ClientInfo
  },
): Promise<void> {
  const { viewer, kind, organizationId, firmName, detail = {}, origin } = options
  await tx.insert(securityEvents).values({
    userId: viewer.authId,
    kind,
    detail: { organization_id: organizationId, firm: firmName, ...detail },
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent?.slice(0, 500) ?? null,
  })
}

/** The firm's name as its events record it (the organisation's current name). */
export async function firmName(tx: Tx, organizationId: string): Promise<string> {
  const res = await tx.execute(sql`select name from organizations where id = ${organizationId}`)
  return firstRow(z.object({ name: z.string() }), res)?.name ?? ''
}
