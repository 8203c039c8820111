import type { Message } from '#shared/contracts/transactions.ts'
import { plainText } from '#shared/domain/plain-text.ts'

export { plainText }

/** One line of 'Recent Activity': a chat message, by whom and when. */
export interface ActivityItem {
  id: string
  who: string
  text: string
  at: string
}

/** Spec: Business constants and limits: Recent Activity shows 5 items. */
export const RECENT_ACTIVITY_LIMIT = 5

/**
 * The latest `limit` chat messages of the move, newest first: 'Recent Activity' shows the latest 5
 * messages (spec: Screens and routes). The system's own entries (ticks, blocks, status changes,
 * people joining) are the Activity view's, each shown only to its audience (decisions 052, 063).
 */
export function recentActivity(messages: ReadonlyArray<Message>, limit = RECENT_ACTIVITY_LIMIT): ActivityItem[] {
  return messages
    .map((m) => ({ id: m.id, who: m.author?.full_name ?? 'Someone', text: plainText(m.body_md), at: m.created_at }))
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .slice(0, limit)
}
