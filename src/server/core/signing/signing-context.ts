/** What every signing use case needs, and small helpers they share. */
import { createHash } from 'node:crypto'
import { transactionPath } from '#shared/paths.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import type { ESignatureProvider } from '#server/providers/e-signature/e-signature-provider.ts'

export interface SigningContext {
  database: Database
  storage: ObjectStorage
  provider: ESignatureProvider
  viewer: Viewer
  publicUrl: string
  deliverMail: boolean
  ip: string | null
}

/** Reads a stored object fully (documents are at most DOCUMENT_MAX_BYTES) with its SHA-256. */
export async function readObject(storage: ObjectStorage, key: string): Promise<{ bytes: Buffer; sha256: string }> {
  const { body } = await storage.get(key)
  const chunks: Buffer[] = []
  // A Node stream yields `any`; one without an encoding set yields Buffers.
  for await (const c of body) chunks.push(c as Buffer)
  const bytes = Buffer.concat(chunks)
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** The link to the move's documents in emails. */
export function documentsLink(publicUrl: string, txId: string): string {
  return `${publicUrl}${transactionPath(txId, { tab: 'documents' })}`
}
