/**
 * SQL that builds chat messages as JSON in the database (one round trip; contract ChatMessage in
 * src/shared/contracts/chat.ts). A deleted message keeps its place but shows no text, mentions or
 * attachments.
 */
import { documentAudienceSql } from '#server/access/transactions.ts'

/**
 * JSON object of one message row aliased `m`, as the profile in `viewerRef` (a `$n` parameter or a
 * column reference) sees it: an attached document outside their audience is left out (decision 051).
 */
export const messageJsonSql = (viewerRef: string): string => `json_build_object(
  'id', m.id, 'thread_id', m.thread_id,
  'body_md', case when m.deleted_at is null then m.body_md else '' end,
  'created_at', m.created_at, 'edited_at', m.edited_at, 'deleted_at', m.deleted_at,
  'author', (select json_build_object('id', a.id, 'full_name', a.full_name) from profiles a where a.id = m.author_id),
  'mentions', case when m.deleted_at is not null then '[]'::json else coalesce((
    select json_agg(json_build_object('id', mp.id, 'full_name', mp.full_name) order by mp.full_name)
    from message_mentions mm join profiles mp on mp.id = mm.profile_id where mm.message_id = m.id), '[]'::json) end,
  'attachments', case when m.deleted_at is not null then '[]'::json else coalesce((
    select json_agg(json_build_object('id', d.id, 'filename', d.filename, 'folder', d.folder, 'version', d.version,
      'content_type', d.content_type, 'size_bytes', d.size_bytes) order by d.filename, d.version)
    from message_attachments ma join documents d on d.id = ma.document_id
    where ma.message_id = m.id and ${documentAudienceSql('d', viewerRef)}), '[]'::json) end
)`
