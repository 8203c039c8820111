/**
 * Changing who may see a document after it was filed (decision 051): its uploader, or the conveyancer
 * of the uploader's side (access/transactions.ts canChangeDocumentAudienceSql), gives every version of
 * its name a new audience, which must include them. The change is audited without the document's name,
 * folder or audiences, since the audit trail is read by people outside the old or the new audience.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DocumentVersion } from '#shared/contracts/documents.ts'
import { audienceLabel, audiencesFor, type DocumentAudience } from '#shared/domain/document-audiences.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import {
  canChangeDocumentAudienceFor,
  documentAudienceFor,
  lockTransactionForViewer,
} from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { AppError, notFound } from '../errors'
import { recordActivity } from '../audit/record-activity'
import { getDocument } from './document-rows'

/**
 * Sets the audience of every version of the document's name. Errors: 404 when the move or the
 * document is not visible to the viewer (as for any read); 403 when they may see it but neither
 * uploaded it nor are their side's conveyancer; 422 when the new audience would not include them.
 * Returns the version asked for, as the viewer now sees it.
 */
export async function changeDocumentAudience(opts: {
  database: Database
  viewer: Viewer
  txId: string
  docId: string
  audience: DocumentAudience
  ip: string | null
}): Promise<DocumentVersion> {
  const { database, viewer, txId, docId, audience } = opts
  await database.db.transaction(async (tx) => {
    const { role } = await lockTransactionForViewer(tx, viewer, txId)
    const doc = firstRow(
      z.object({ folder: z.string(), filename: z.string(), audience: z.string(), may_change: z.boolean() }),
      await tx.execute(sql`
        select d.folder, d.filename, d.audience, ${canChangeDocumentAudienceFor('d', viewer.profileId)} as may_change
          from documents d
         where d.id = ${docId} and d.transaction_id = ${txId} and ${documentAudienceFor('d', viewer.profileId)}`),
    )
    if (!doc) throw notFound('document')
    if (!doc.may_change) {
      throw new AppError(
        'forbidden',
        "Only the person who uploaded this document, or their side's conveyancer, can change who sees it.",
      )
    }
    if (!audiencesFor(role).includes(audience)) {
      throw new AppError(
        'unprocessable',
        `As the ${participantRoleLabel(role)} you cannot give a document the audience "${audienceLabel(audience)}": choose one that includes you.`,
        { audience: ['Choose an audience that includes you'] },
      )
    }
    if (doc.audience === audience) return
    await setDocumentAudience(tx, { txId, docId, audience, actorId: viewer.profileId, ip: opts.ip })
  })
  return getDocument({ database, viewer, txId, docId })
}

/**
 * Inside the caller's transaction: gives every version of the document's name (same move, folder and
 * file name) `audience`, audited neutrally ('changed who can see a document', no name, folder or
 * audiences). No permission check: the caller has made its own (changeDocumentAudience above; a
 * conveyancer sending their client's answer with its files to the other side, features/enquiries).
 */
export async function setDocumentAudience(
  tx: Tx,
  opts: { txId: string; docId: string; audience: DocumentAudience; actorId: string; ip?: string | null },
): Promise<void> {
  await tx.execute(sql`update documents n set audience = ${opts.audience}
    from documents d
    where d.id = ${opts.docId} and n.transaction_id = d.transaction_id and n.folder = d.folder
      and n.filename = d.filename and d.transaction_id = ${opts.txId}`)
  await recordActivity(tx, {
    transactionId: opts.txId,
    actorId: opts.actorId,
    kind: 'document.audience_changed',
    // Neutral on purpose: neither the name nor the audiences, which would tell people outside them.
    summary: 'changed who can see a document',
    payload: { documentId: opts.docId },
    ip: opts.ip ?? null,
  })
}
