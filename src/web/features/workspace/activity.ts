import type { ActivityEvent } from '#shared/contracts/activity.ts'
import type { Message } from '#shared/contracts/transactions.ts'
import { plainText } from '#shared/domain/plain-text.ts'

export { plainText }

/** One line of 'Recent Activity': a message or an audit entry, by whom and when. */
export interface ActivityItem {
  id: string
  kind: 'message' | 'event'
  /** Who wrote or did it; null for the system's own entries, whose text is a whole sentence. */
  who: string | null
  text: string
  at: string
}

/** Audit kinds of chat itself: the message is already listed, so its audit entry would say it twice. */
function isChatEntry(kind: string): boolean {
  return kind.startsWith('message.') || kind === 'thread.created'
}

/** Spec: Business constants and limits: Recent Activity shows 5 items. */
export const RECENT_ACTIVITY_LIMIT = 5

/**
 * The latest `limit` items of 'Recent Activity', newest first. The spec shows the latest 5 messages
 * (spec: Screens and routes); until chat ships, messages are rare, so the audit trail's entries (ticks, blocks,
 * status changes, people joining) are merged in by time: what everyone on the move needs to see.
 * Chat's own audit entries are left out: the message itself is listed.
 */
export function recentActivity(
  messages: ReadonlyArray<Message>,
  events: ReadonlyArray<ActivityEvent>,
  limit = RECENT_ACTIVITY_LIMIT,
): ActivityItem[] {
  const items: ActivityItem[] = [
    ...messages.map((m) => ({
      id: `m-${m.id}`,
      kind: 'message' as const,
      who: m.author?.full_name ?? 'Someone',
      text: plainText(m.body_md),
      at: m.created_at,
    })),
    ...events
      .filter((e) => !isChatEntry(e.kind))
      .map((e) => ({
        id: `e-${e.id}`,
        kind: 'event' as const,
        who: e.actor?.full_name ?? null,
        text: e.summary,
        at: e.created_at,
      })),
  ]
  return items.sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime()).slice(0, limit)
}
