/** What chat's write use cases need from the host. */
import { transactionPath } from '#shared/paths.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'

export interface ChatContext {
  database: Database
  viewer: Viewer
  /** PUBLIC_URL, for links in notification emails. */
  publicUrl: string
  /** False keeps email in the local outbox (no SMTP configured). */
  deliverMail: boolean
}

/** Workspace path of a thread, for notifications. */
export function threadLink(txId: string, threadId: string): string {
  return transactionPath(txId, { tab: 'chat', thread: threadId })
}
