/** What every signing use case needs, and small helpers they share. */
import { createHash } from 'node:crypto'
import { transactionPath } from '../../../shared/paths'
import type { Viewer } from '../../auth/viewer'
import type { Database } from '../../db/client'
import type { ObjectStorage } from '../../platform/storage'
import type { ESignatureProvider } from '../../providers/e-signature/e-signature-provider'

export interface SigningContext {
  database: Database
  storage: ObjectStorage
  provider: ESignatureProvider
  viewer: Viewer | null
  publicUrl: string
  deliverMail: boolean
  ip: string | null
}

/** Reads a stored object fully (documents are at most DOCUMENT_MAX_BYTES) with its SHA-256. */
export async function readObject(storage: ObjectStorage, key: string): Promise<{ bytes: Buffer; sha256: string }> {
  const { body } = await storage.get(key)
  const chunks: Buffer[] = []
  for await (const c of body) chunks.push(c as Buffer)
  const bytes = Buffer.concat(chunks)
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** The link to the move's documents in emails. */
export function documentsLink(publicUrl: string, txId: string): string {
  return `${publicUrl}${transactionPath(txId, { tab: 'documents' })}`
}
