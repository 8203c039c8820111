/**
 * The viewer's notifications: the bell's list, marking read, and email settings per kind
 * with the daily digest switch. A person only ever reads and changes their own.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { NotificationListResponse, NotificationSettings } from '#shared/contracts/notifications.ts'
import { NOTIFICATION_KINDS } from '#shared/domain/chat.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { notifications } from '#server/db/schema/index.ts'

const LIST_SQL = `
with mine as (
  select n.* from notifications n where n.profile_id = $1 order by n.created_at desc, n.id desc limit 50
)
select json_build_object(
  'notifications', coalesce((select json_agg(json_build_object(
    'id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body, 'link', n.link, 'transaction_id', n.transaction_id,
    'actor', (select json_build_object('id', a.id, 'full_name', a.full_name) from profiles a where a.id = n.actor_id),
    'created_at', n.created_at, 'read_at', n.read_at
  ) order by n.created_at desc, n.id desc) from mine n), '[]'::json),
  'unread_count', (select count(*) from notifications u where u.profile_id = $1 and u.read_at is null)::int
)::text`

/** GET /api/notifications: newest 50 and the unread count, as JSON text (NotificationListResponse). */
export async function listNotifications({ database, viewer }: { database: Database; viewer: Viewer }) {
  return (await database.queryJson<NotificationListResponse>('notifications_list', LIST_SQL, [viewer.profileId]))!
}

/** POST /api/notifications/read: marks the given notifications of the viewer (or all) read. Others' ids are ignored. */
export async function markNotificationsRead({
  database,
  viewer,
  ids,
  all,
}: {
  database: Database
  viewer: Viewer
  ids?: string[]
  all?: boolean
}): Promise<void> {
  if (!all && !ids?.length) return
  await database.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.profileId, viewer.profileId),
        isNull(notifications.readAt),
        all ? undefined : inArray(notifications.id, ids!),
      ),
    )
}

/** The viewer's email settings; every kind defaults to on, the digest to off. */
export async function readNotificationSettings({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<NotificationSettings> {
  const [row] = await database.query<{ email: Record<string, boolean>; digest: boolean }>(
    'select email, digest from notification_settings where profile_id = $1',
    [viewer.profileId],
  )
  const email = Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, row?.email?.[k] ?? true]),
  ) as NotificationSettings['email']
  return { email, digest: row?.digest ?? false }
}

/**
 * PUT /api/notifications/settings. Turning the digest on starts its clock now, so the first digest
 * holds only what happens from here (instant emails already went out for what came before).
 */
export async function saveNotificationSettings({
  database,
  viewer,
  settings,
}: {
  database: Database
  viewer: Viewer
  settings: NotificationSettings
}): Promise<NotificationSettings> {
  await database.db.execute(sql`
    insert into notification_settings (profile_id, email, digest, last_digest_at, updated_at)
    values (${viewer.profileId}, ${JSON.stringify(settings.email)}::jsonb, ${settings.digest}, now(), now())
    on conflict (profile_id) do update set email = excluded.email, digest = excluded.digest, updated_at = now(),
      last_digest_at = case when notification_settings.digest then notification_settings.last_digest_at else now() end`)
  return readNotificationSettings({ database, viewer })
}
