/**
 * A conveyancing firm opens a matter for its client: as the buyer's or the seller's conveyancer. In
 * ONE database transaction: the move (draft) with its property and the standard timeline, the fee
 * earner on it in the firm's conveyancer role, the matter, the invitation to the client by email
 * (the invitations feature's own sending, through the outbox) and the audit entries.
 * Rules: the viewer is an admin or fee earner of a conveyancing firm (403); a fee earner opens
 * matters for themselves, an admin for any admin or fee earner of the firm (422 naming the rule);
 * a reference is unique within the firm (409). A firm API key opens matters for its own firm only,
 * as its maker (403 otherwise). The audit entry 'transaction.created' with the matter's id sends the
 * webhook event matter.opened (shared/domain/api-access.ts webhookEventFor).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { OpenMatterData } from '#shared/contracts/firms.ts'
import {
  ASSISTANT_NOT_FEE_EARNER_MESSAGE,
  canBeFeeEarner,
  canManageFirm,
  canOpenMatter,
  conveyancerRoleForSide,
  matterSideLabel,
  notAMemberMessage,
} from '#shared/domain/firms.ts'
import { resolveNation } from '#shared/domain/nations.ts'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import { lockViewerFirm } from '#server/access/firms.ts'
import type { MemberRole } from '#shared/domain/firms.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow } from '#server/db/rows.ts'
import { matters } from '#server/db/schema/index.ts'
import { AppError } from '#server/core/errors.ts'
import { sendInvitation } from '#server/core/invitations/create-invitation.ts'
import { insertTransaction } from '#server/core/timeline/insert-transaction.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'

/**
 * 422 unless `profileId` is a current admin or fee earner of the firm: the rule a fee earner must
 * satisfy, for opening and for reassigning. Returns their name.
 */
export async function assertFeeEarnerOfFirm(
  tx: Tx,
  firm: { organizationId: string; firmName: string },
  profileId: string,
): Promise<string> {
  const res =
    await tx.execute(sql`select om.role, p.full_name from organization_members om join profiles p on p.id = om.profile_id
    where om.organization_id = ${firm.organizationId} and om.profile_id = ${profileId} and om.removed_at is null`)
  const row = firstRow(z.object({ role: z.string(), full_name: z.string() }), res)
  if (!row)
    throw new AppError('unprocessable', notAMemberMessage(firm.firmName), {
      fee_earner_id: [notAMemberMessage(firm.firmName)],
    })
  if (!canBeFeeEarner(row.role)) {
    throw new AppError('unprocessable', ASSISTANT_NOT_FEE_EARNER_MESSAGE, {
      fee_earner_id: [ASSISTANT_NOT_FEE_EARNER_MESSAGE],
    })
  }
  return row.full_name
}

/**
 * 409 when another matter of the firm already has this reference (compared without regard to case).
 * Race-free: the caller holds the firm's row lock (lockOpenerFirm), so two openings in one firm
 * queue; the unique index matters_org_reference_key is the database's own backstop.
 */
async function assertReferenceFree(
  tx: Tx,
  firm: { organizationId: string; firmName: string },
  reference: string,
): Promise<void> {
  const res = await tx.execute(sql`select 1 from matters
    where organization_id = ${firm.organizationId} and lower(reference) = lower(${reference}) limit 1`)
  if (res.rows.length) {
    const message = `${firm.firmName} already has a matter with the reference ${reference}. Use another reference.`
    throw new AppError('conflict', message, { reference: [message] })
  }
}

/**
 * The viewer's firm, locked, when they may open matters in it: 403 naming the rule unless they are an
 * admin or fee earner of a conveyancing firm (and, for a firm API key, that key's firm). The rule of
 * openMatter, also checked once before an import (import-matters.ts).
 */
export async function lockOpenerFirm(
  tx: Tx,
  viewer: Viewer,
): Promise<{ organizationId: string; role: MemberRole; firmName: string }> {
  const firm = await lockViewerFirm(tx, viewer)
  if (!firm) throw new AppError('forbidden', 'Create your firm or join one before you open a matter.')
  if (viewer.apiToken?.kind === 'firm' && viewer.apiToken.organizationId !== firm.organizationId) {
    throw new AppError('forbidden', 'This firm API key opens matters only for its own firm.')
  }
  const typeRes = await tx.execute(sql`select type from organizations where id = ${firm.organizationId}`)
  if (oneRow(z.object({ type: z.string() }), typeRes).type !== 'law') {
    throw new AppError('forbidden', 'Only a conveyancing firm opens matters on Homeward.')
  }
  if (!canOpenMatter(firm.role)) {
    throw new AppError(
      'forbidden',
      `An assistant cannot open matters. Ask an admin or a fee earner of ${firm.firmName}.`,
    )
  }
  return firm
}

/** Returns the new matter's and move's ids. */
export async function openMatter({
  database,
  viewer,
  input,
  publicUrl,
  deliverMail,
}: {
  database: Database
  viewer: Viewer
  input: OpenMatterData
  publicUrl: string
  deliverMail: boolean
}): Promise<{ matter_id: string; transaction_id: string }> {
  requireVerifiedEmail(viewer, 'open a matter')
  const transactionId = randomUUID()
  const matterId = randomUUID()
  // OpenMatterInput's nation rule already asked for a straddling district.
  const nation = resolveNation(input.postcode, input.nation)
  const template = standardTimeline({ tenure: input.tenure, nation })
  const addressLines = [input.address_line_1, input.address_line_2, input.town].filter((l): l is string => !!l)
  await database.db.transaction(async (tx) => {
    const firm = await lockOpenerFirm(tx, viewer)
    const feeEarnerId = input.fee_earner_id ?? viewer.profileId
    if (feeEarnerId !== viewer.profileId && !canManageFirm(firm.role)) {
      throw new AppError(
        'forbidden',
        'A fee earner opens matters for themselves. Ask an admin to open one for a colleague.',
      )
    }
    await assertFeeEarnerOfFirm(tx, firm, feeEarnerId)
    if (input.reference) await assertReferenceFree(tx, firm, input.reference)
    const role = conveyancerRoleForSide(input.side)
    const now = new Date()
    await insertTransaction(
      tx,
      {
        id: transactionId,
        status: 'draft',
        buyerProfileId: null,
        sellerProfileId: null,
        createdBy: viewer.profileId,
        agreedPricePence: Math.round(input.agreed_price * 100),
        createdAt: now,
        property: { addressLines, postcode: input.postcode, uprn: input.uprn ?? null, tenure: input.tenure, nation },
        stages: template.map((stage) => ({
          stageName: stage.stageName,
          tasks: stage.tasks.map((t) => ({ title: t.title, ownerSide: t.ownerSide })),
        })),
        participants: [
          { profileId: feeEarnerId, role, organizationId: firm.organizationId, invitedBy: viewer.profileId },
        ],
      },
      randomUUID,
    )
    await tx.insert(matters).values({
      id: matterId,
      organizationId: firm.organizationId,
      transactionId,
      side: input.side,
      feeEarnerId,
      clientName: input.client_name,
      clientEmail: input.client_email.toLowerCase(),
      instructedAt: now,
      targetExchangeDate: input.target_exchange_date ?? null,
      targetCompletionDate: input.target_completion_date ?? null,
      reference: input.reference ?? null,
    })
    await recordActivity(tx, {
      transactionId,
      actorId: viewer.profileId,
      kind: 'transaction.created',
      summary: `opened the matter for ${addressLines[0]}, ${input.postcode} as ${firm.firmName}, the ${matterSideLabel(input.side).toLowerCase()} conveyancer`,
      payload: { matterId },
    })
    const invitationId = await sendInvitation(
      tx,
      { database, viewer, publicUrl, deliverMail },
      { txId: transactionId, email: input.client_email.toLowerCase(), role: input.side, organizationId: null },
    )
    await recordActivity(tx, {
      transactionId,
      actorId: viewer.profileId,
      kind: 'invitation.sent',
      summary: `invited ${input.client_email.toLowerCase()} as ${input.side === 'buyer' ? 'Buyer' : 'Seller'}`,
      payload: { invitationId },
    })
  })
  return { matter_id: matterId, transaction_id: transactionId }
}
