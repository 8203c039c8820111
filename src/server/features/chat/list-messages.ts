/**
 * GET /api/transactions/{txId}/threads/{threadId}/messages?before=&limit=: one page of a
 * thread's history, oldest first, older than the `before` message when given; `has_more` says whether
 * older messages remain. One round trip, the access check included.
 */
import { canSeeTransactionSql } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { MessagePage } from '#shared/contracts/chat.ts'
import type { Database, JsonText } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'
import { messageJsonSql } from './message-json'

/** What PAGE_SQL answers when the viewer may see the transaction but the thread is not on it. */
const NO_THREAD = 'no-thread'

const PAGE_SQL = `
with thread as (select id from message_threads where id = $2 and transaction_id = $1),
page as (
  select m.* from messages m
  where m.thread_id = (select id from thread)
    and ($3::uuid is null or (m.created_at, m.id) < (select b.created_at, b.id from messages b where b.id = $3 and b.thread_id = $2))
  order by m.created_at desc, m.id desc
  limit $4 + 1
),
shown as (select * from page order by created_at desc, id desc limit $4)
select case
  when not (${canSeeTransactionSql('$5', '$1')}) then null
  when not exists (select 1 from thread) then '${NO_THREAD}'
  else json_build_object(
  'has_more', (select count(*) from page) > $4,
  'messages', coalesce((select json_agg(${messageJsonSql('$5')} order by m.created_at, m.id) from shown m), '[]'::json)
)::text end`

/** The page as JSON text (MessagePage). 404 when the viewer is not on the transaction or the thread is not on it. */
export async function listMessages({
  database,
  viewer,
  txId,
  threadId,
  before,
  limit,
}: {
  database: Database
  viewer: Viewer
  txId: string
  threadId: string
  before?: string
  limit: number
}): Promise<JsonText<MessagePage>> {
  const json = await database.queryJson<MessagePage>('chat_messages_page', PAGE_SQL, [
    txId,
    threadId,
    before ?? null,
    limit,
    viewer.profileId,
  ])
  if (json === null) throw notFound()
  if (json === NO_THREAD) throw notFound('thread')
  return json
}
