/** Signature requests with their signers, as the API shows them, through the access check. */
import type { SignatureRequest } from '#shared/contracts/signing.ts'
import { canSeeTransactionSql, documentAudienceSql, visibleTransactionIdsSql } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { parseJsonText, type Database } from '#server/db/client.ts'
import { notFound } from '../errors.ts'

const REQUEST_JSON = `json_build_object(
  'id', r.id, 'transaction_id', r.transaction_id, 'document_id', r.document_id, 'document_sha256', r.document_sha256,
  'provider', r.provider, 'status', r.status, 'in_order', r.in_order, 'page', r.page, 'message', r.message,
  'requested_by', case when rb.id is null then null else json_build_object('id', rb.id, 'full_name', rb.full_name) end,
  'signed_document_id', r.signed_document_id, 'signed_sha256', r.signed_sha256, 'created_at', r.created_at,
  'completed_at', r.completed_at, 'cancelled_at', r.cancelled_at,
  'signers', (select coalesce(json_agg(json_build_object('id', s.id, 'user_id', s.user_id, 'full_name', p.full_name,
      'sort_index', s.sort_index, 'status', s.status, 'consented_at', s.consented_at, 'signed_at', s.signed_at,
      'method', s.method, 'declined_reason', s.declined_reason) order by s.sort_index), '[]'::json)
    from signature_request_signers s join profiles p on p.id = s.user_id where s.request_id = r.id))`

const LIST_SQL = `
select coalesce(json_agg(${REQUEST_JSON} order by r.created_at desc, r.id), '[]'::json)::text
from signature_requests r left join profiles rb on rb.id = r.requested_by
where r.transaction_id = $2 and r.transaction_id in ${visibleTransactionIdsSql('$1')}
  and ($3::uuid is null or r.document_id = $3::uuid or r.signed_document_id = $3::uuid)
  and exists(select 1 from documents rd where rd.id = r.document_id and ${documentAudienceSql('rd', '$1')})
having ${canSeeTransactionSql('$1', '$2')}`

const ONE_SQL = `
select ${REQUEST_JSON}::text
from signature_requests r left join profiles rb on rb.id = r.requested_by
where r.id = $3 and r.transaction_id = $2 and r.transaction_id in ${visibleTransactionIdsSql('$1')}
  and exists(select 1 from documents rd where rd.id = r.document_id and ${documentAudienceSql('rd', '$1')})`

/** Requests of a transaction, newest first, optionally for one document version. 404 when not visible. */
export async function listSignatureRequests(opts: {
  database: Database
  viewer: Viewer
  txId: string
  documentId?: string
}): Promise<SignatureRequest[]> {
  const json = await opts.database.queryJson<SignatureRequest[]>('signature_requests_list', LIST_SQL, [
    opts.viewer.profileId,
    opts.txId,
    opts.documentId ?? null,
  ])
  if (json === null) throw notFound()
  return parseJsonText(json)
}

/** One request. 404 when it does not exist or is not visible. */
export async function getSignatureRequest(opts: {
  database: Database
  viewer: Viewer
  txId: string
  reqId: string
}): Promise<SignatureRequest> {
  const json = await opts.database.queryJson<SignatureRequest>('signature_request_one', ONE_SQL, [
    opts.viewer.profileId,
    opts.txId,
    opts.reqId,
  ])
  if (!json) throw notFound('signature request')
  return parseJsonText(json)
}
