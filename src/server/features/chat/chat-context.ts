/** What chat's write use cases need from the host. */
import { transactionPath } from '../../../shared/paths'
import type { Viewer } from '../../auth/viewer'
import type { Database } from '../../db/client'

export interface ChatContext {
  database: Database
  viewer: Viewer | null
  /** PUBLIC_URL, for links in notification emails. */
  publicUrl: string
  /** False keeps email in the local outbox (no SMTP configured). */
  deliverMail: boolean
}

/** Workspace path of a thread, for notifications. */
export function threadLink(txId: string, threadId: string): string {
  return transactionPath(txId, { tab: 'chat', thread: threadId })
}
