/**
 * POST /api/portfolio/sales: an estate agent creates a sale at sold subject to contract (SSTC; issue
 * 40 item 1, decision 066). In ONE database transaction: the move (draft) with its property and the
 * standard timeline, the agent on it as its estate agent (with their agency when they have one), the
 * sale's record (buyer's position, the clients' names and emails: table agent_sales), each
 * conveyancer the agent knows recorded off Homeward (decision 053: the agent records both
 * conveyancers; inviting them stays a proposal their client accepts), the clients marked "on
 * Homeward" invited by email (the invitations' own sending, through the outbox), the timeline task
 * "Offer accepted and property marked sold subject to contract (SSTC)" ticked through tickTask, and
 * the audit entries. 403 unless the viewer signed up as an estate agent with a verified email; 422
 * when the seller and buyer share an email or one of them is the agent.
 */
import { randomUUID } from 'node:crypto'
import type { CreateSaleData } from '#shared/contracts/portfolio.ts'
import { BUYER_POSITION_LABELS } from '#shared/domain/agent-sales.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { resolveNation } from '#shared/domain/nations.ts'
import { standardTimeline, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { firmIdsOfViewer } from '#server/access/firms.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { agentSales } from '#server/db/schema/index.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { AppError } from '#server/core/errors.ts'
import { sendInvitation } from '#server/core/invitations/create-invitation.ts'
import { insertOffPlatformRecord } from '#server/core/off-platform-parties/insert-record.ts'
import { insertTransaction } from '#server/core/timeline/insert-transaction.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { assertAgent } from './list-portfolio'
import type { WeeklyUpdateDelivery } from './weekly-update'

function assertDistinctPeople(viewer: Viewer, input: CreateSaleData): void {
  const seller = input.seller.email.toLowerCase()
  const buyer = input.buyer.email.toLowerCase()
  if (seller === buyer) {
    const message = 'The seller and the buyer need different email addresses.'
    throw new AppError('unprocessable', message, { 'buyer.email': [message] })
  }
  for (const [key, email] of [
    ['seller', seller],
    ['buyer', buyer],
  ] as const) {
    if (email === viewer.email.toLowerCase()) {
      const message = `That is your own email: enter the ${key}'s.`
      throw new AppError('unprocessable', message, { [`${key}.email`]: [message] })
    }
  }
}

/** Creates the sale; returns its id and the emails invited now. */
export async function createSale({
  database,
  viewer,
  input,
  delivery,
  ip,
}: {
  database: Database
  viewer: Viewer
  input: CreateSaleData
  delivery: WeeklyUpdateDelivery
  ip: string | null
}): Promise<{ transaction_id: string; invited: string[] }> {
  assertAgent(viewer)
  requireVerifiedEmail(viewer, 'create a sale')
  assertDistinctPeople(viewer, input)
  const id = randomUUID()
  // CreateSaleInput's nation rule already asked for a straddling district (decision 067).
  const nation = resolveNation(input.postcode, input.nation)
  const template = standardTimeline({ tenure: input.tenure, nation })
  const addressLines = [input.address_line_1, input.address_line_2, input.town].filter((l): l is string => !!l)
  const invited: string[] = []
  await database.db.transaction(async (tx) => {
    const [agencyId] = await firmIdsOfViewer(tx, viewer)
    const now = new Date()
    await insertTransaction(
      tx,
      {
        id,
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
          { profileId: viewer.profileId, role: 'estate_agent', organizationId: agencyId ?? null, invitedBy: null },
        ],
      },
      randomUUID,
    )
    await tx.insert(agentSales).values({
      transactionId: id,
      createdBy: viewer.profileId,
      buyerPosition: input.buyer_position,
      sellerName: input.seller.name,
      sellerEmail: input.seller.email.toLowerCase(),
      buyerName: input.buyer.name,
      buyerEmail: input.buyer.email.toLowerCase(),
      createdAt: now,
      updatedAt: now,
    })
    await recordActivity(tx, {
      transactionId: id,
      actorId: viewer.profileId,
      kind: 'transaction.created',
      summary: `created the sale of ${addressLines[0]}, ${input.postcode} at SSTC as its estate agent (buyer: ${BUYER_POSITION_LABELS[input.buyer_position].toLowerCase()})`,
    })
    for (const role of ['seller_conveyancer', 'buyer_conveyancer'] as const) {
      const firm = input[role]
      if (firm) await insertOffPlatformRecord(tx, { txId: id, recordedBy: viewer.profileId, input: { role, ...firm } })
    }
    for (const role of ['seller', 'buyer'] as const) {
      const client = input[role]
      if (!client.on_homeward) continue
      const email = client.email.toLowerCase()
      const invitationId = await sendInvitation(
        tx,
        { database, viewer, publicUrl: delivery.publicUrl, deliverMail: delivery.deliverMail },
        { txId: id, email, role, organizationId: null },
      )
      await recordActivity(tx, {
        transactionId: id,
        actorId: viewer.profileId,
        kind: 'invitation.sent',
        summary: `invited ${email} as ${participantRoleLabel(role)}`,
        payload: { invitationId },
      })
      invited.push(email)
    }
    await tickTask(tx, {
      txId: id,
      task: { title: TASK_TITLES.soldSubjectToContract },
      status: 'completed',
      actorId: viewer.profileId,
      reason: ' by creating the sale at SSTC',
      ip,
      notify: delivery,
    })
  })
  return { transaction_id: id, invited }
}
