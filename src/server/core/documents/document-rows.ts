/** Reading document rows as the API shows them (DocumentVersion), always through the access check. */
import {
  canChangeDocumentAudienceSql,
  canSeeTransactionSql,
  documentAudienceSql,
  visibleTransactionIdsSql,
} from '#server/access/transactions.ts'
import { viewerAccessId, type Viewer } from '#server/auth/viewer.ts'
import { parseJsonText, type Database } from '#server/db/client.ts'
import { notFound } from '../errors'
import type { DocumentListItem, DocumentVersion } from '#shared/contracts/documents.ts'
import { DOCUMENT_FOLDERS } from '#shared/domain/statuses.ts'
import { sqlInList } from '#server/db/schema/sql-lists.ts'

/**
 * JSON of one documents row `d` joined to its uploader `u` (a profiles row), in DocumentVersion shape,
 * for the viewer whose profile id is parameter `$1` (whether they may change its audience).
 */
export const DOCUMENT_JSON = `json_build_object(
  'id', d.id, 'transaction_id', d.transaction_id, 'filename', d.filename, 'folder', d.folder,
  'version', d.version, 'content_type', d.content_type, 'size_bytes', d.size_bytes, 'sha256', d.sha256,
  'created_at', d.created_at, 'signed_at', d.signed_at,
  'uploaded_by', case when u.id is null then null else json_build_object('id', u.id, 'full_name', u.full_name) end,
  'inline_allowed', (d.content_type = 'application/pdf' or d.content_type like 'image/%'),
  'corrects_error', d.corrects_error, 'audience', d.audience,
  'can_change_audience', ${canChangeDocumentAudienceSql('d', '$1')})`

const FOLDER_ORDER = `array_position(array${sqlInList(DOCUMENT_FOLDERS).replace('(', '[').replace(/\)$/, ']')}::text[], d.folder)`

const LIST_SQL = `
select coalesce(json_agg(x.doc order by x.folder_rank, x.filename), '[]'::json)::text from (
  select ${DOCUMENT_JSON}::jsonb || jsonb_build_object('version_count', d.version_count) as doc,
    ${FOLDER_ORDER} as folder_rank, d.filename
  from (select d0.*, count(*) over (partition by d0.folder, d0.filename) as version_count,
          row_number() over (partition by d0.folder, d0.filename order by d0.version desc) as rn
        from documents d0
        where d0.transaction_id = $2 and d0.transaction_id in ${visibleTransactionIdsSql('$1')}
          and ${documentAudienceSql('d0', '$1')}) d
  left join profiles u on u.id = d.uploaded_by
  where d.rn = 1) x
having ${canSeeTransactionSql('$1', '$2')}`

const VERSIONS_SQL = `
select json_agg(${DOCUMENT_JSON} order by d.version desc)::text
from documents one
join documents d on d.transaction_id = one.transaction_id and d.folder = one.folder and d.filename = one.filename
left join profiles u on u.id = d.uploaded_by
where one.id = $3 and one.transaction_id = $2 and one.transaction_id in ${visibleTransactionIdsSql('$1')}
  and ${documentAudienceSql('one', '$1')} and ${documentAudienceSql('d', '$1')}`

const ONE_SQL = `
select ${DOCUMENT_JSON}::text from documents d left join profiles u on u.id = d.uploaded_by
where d.id = $3 and d.transaction_id = $2 and d.transaction_id in ${visibleTransactionIdsSql('$1')}
  and ${documentAudienceSql('d', '$1')}`

/** Latest version of each document of the transaction, folders in display order, then by name. 404 when not visible. */
export async function listDocuments(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<DocumentListItem[]> {
  const json = await opts.database.queryJson<DocumentListItem[]>('documents_list', LIST_SQL, [
    viewerAccessId(opts.viewer),
    opts.txId,
  ])
  if (json === null) throw notFound()
  return parseJsonText(json)
}

/** Every version of the document's name in its folder, newest first. 404 when not visible. */
export async function listDocumentVersions(opts: {
  database: Database
  viewer: Viewer
  txId: string
  docId: string
}): Promise<DocumentVersion[]> {
  const json = await opts.database.queryJson<DocumentVersion[]>('document_versions', VERSIONS_SQL, [
    viewerAccessId(opts.viewer),
    opts.txId,
    opts.docId,
  ])
  if (!json) throw notFound('document')
  return parseJsonText(json)
}

/** One version. 404 when it does not exist or is not visible to the viewer. */
export async function getDocument(opts: {
  database: Database
  viewer: Viewer
  txId: string
  docId: string
}): Promise<DocumentVersion> {
  const json = await opts.database.queryJson<DocumentVersion>('document_one', ONE_SQL, [
    viewerAccessId(opts.viewer),
    opts.txId,
    opts.docId,
  ])
  if (!json) throw notFound('document')
  return parseJsonText(json)
}
