/**
 * The person's own identity checks for 'Download my data' (features/data-rights, UK GDPR art. 15):
 * every check they made, with the document details and address opened from their sealed columns, and
 * the provider's result. The photo of the document and the selfie are not put in the ZIP: they are
 * biometric data sealed at rest (decision 025), and a downloaded ZIP is kept and forwarded outside our
 * control; the export says which images are held and how to ask for a copy (decision 037).
 */
import type { Database } from '#server/db/client.ts'
import { addressContext, docContext, type IdentityRow, type SealedAddress, type SealedDocument } from './identity-check'
import { openJson } from './sealed-json'

/** One check as exported (identity-checks.json). */
export interface ExportedIdentityCheck {
  id: string
  status: IdentityRow['status']
  provider: string
  document_type: IdentityRow['document_type']
  document: SealedDocument | null
  document_expires_on: string | null
  address: SealedAddress | null
  face_match: boolean | null
  liveness: boolean | null
  confidence: string | null
  failure_reason: string | null
  submitted_at: string | null
  completed_at: string | null
  expires_at: string | null
  created_at: string
  /** Images we hold for this check, not included in the ZIP (ask support for a copy). */
  images_held: { document_photo: boolean; selfie: boolean }
}

/** Every identity check of `profileId`, oldest first, opened. */
export async function exportIdentityChecks(database: Database, profileId: string): Promise<ExportedIdentityCheck[]> {
  const rows = await database.query<IdentityRow & { created_at: string | Date }>(
    `select id, profile_id, status, provider, document_type, document_sealed, document_expires_on::text,
       document_image_key, selfie_image_key, address_sealed, face_match, liveness, confidence, failure_reason,
       submitted_at, completed_at, expires_at, created_at
     from identity_checks where profile_id = $1 order by created_at, id`,
    [profileId],
  )
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString())
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    provider: r.provider,
    document_type: r.document_type,
    document: openJson<SealedDocument>(r.document_sealed, docContext(r.id)),
    document_expires_on: r.document_expires_on,
    address: openJson<SealedAddress>(r.address_sealed, addressContext(r.id)),
    face_match: r.face_match,
    liveness: r.liveness,
    confidence: r.confidence,
    failure_reason: r.failure_reason,
    submitted_at: iso(r.submitted_at),
    completed_at: iso(r.completed_at),
    expires_at: iso(r.expires_at),
    created_at: new Date(r.created_at).toISOString(),
    images_held: { document_photo: !!r.document_image_key, selfie: !!r.selfie_image_key },
  }))
}
