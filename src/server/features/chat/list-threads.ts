/**
 * GET /api/transactions/{txId}/threads: the transaction's chat threads, 'General' first
 * then by latest message, each with the viewer's unread count (messages by others after the
 * viewer's last read). One round trip, the access check included.
 */
import { canSeeTransactionSql } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { ThreadListResponse } from '#shared/contracts/chat.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'

const THREADS_SQL = `
with t as (
  select th.id, th.title, th.topic, th.topic_ref, th.created_at, th.last_message_at, th.created_by,
    (select count(*) from messages m where m.thread_id = th.id and m.deleted_at is null)::int as message_count,
    (select count(*) from messages m where m.thread_id = th.id and m.deleted_at is null
       and m.author_id is distinct from $2 and m.created_at > coalesce(r.last_read_at, '-infinity'))::int as unread_count,
    (select left(m.body_md, 140) from messages m where m.thread_id = th.id and m.deleted_at is null
       order by m.created_at desc, m.id desc limit 1) as last_message_preview
  from message_threads th
  left join thread_reads r on r.thread_id = th.id and r.profile_id = $2
  where th.transaction_id = $1
)
select json_build_object(
  'threads', coalesce(json_agg(json_build_object(
    'id', t.id, 'title', t.title, 'topic', t.topic, 'topic_ref', t.topic_ref, 'created_at', t.created_at,
    'last_message_at', t.last_message_at,
    'created_by', (select json_build_object('id', p.id, 'full_name', p.full_name) from profiles p where p.id = t.created_by),
    'message_count', t.message_count, 'unread_count', t.unread_count, 'last_message_preview', t.last_message_preview
  ) order by (t.topic = 'general') desc, coalesce(t.last_message_at, t.created_at) desc, t.id), '[]'::json),
  'unread_total', coalesce(sum(t.unread_count), 0)::int
)::text from t
having ${canSeeTransactionSql('$2', '$1')}`

/** The thread list as JSON text (ThreadListResponse). Throws 404 unless the viewer is on the transaction. */
export async function listThreads({
  database,
  viewer,
  txId,
}: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<JsonText<ThreadListResponse>> {
  const json = await database.queryJson<ThreadListResponse>('chat_threads', THREADS_SQL, [txId, viewer.profileId])
  if (json === null) throw notFound()
  return json
}
