/**
 * The viewer's home logbooks: only their owner sees one (a logbook is the owner's, not the move's:
 * the move's other parties and its firms never see it, and it outlives the move being archived).
 * Another person's logbook answers the standard 404.
 */
import type { LogbookDetail, LogbooksResponse } from '#shared/contracts/logbooks.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, Timestamp } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'

/** GET /api/logbooks: newest first. */
export async function listLogbooks(opts: { database: Database; viewer: Viewer }): Promise<LogbooksResponse> {
  const rows = await opts.database.query<LogbooksResponse['logbooks'][number]>(
    `select l.id, l.address_lines, l.postcode, l.completed_on::text as completed_on,
            (select count(*)::int from logbook_documents d where d.logbook_id = l.id) as document_count,
            (select count(*)::int from logbook_entries e where e.logbook_id = l.id) as entry_count,
            to_char(l.handed_over_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as handed_over_at
       from home_logbooks l
      where l.owner_id = $1
      order by l.created_at desc, l.id`,
    [opts.viewer.profileId],
  )
  return { logbooks: rows }
}

/** GET /api/logbooks/{logbookId}: documents by category then name, entries newest first. */
export async function getLogbook(opts: {
  database: Database
  viewer: Viewer
  logbookId: string
}): Promise<LogbookDetail> {
  const [row] = await opts.database.query<{ logbook: LogbookDetail }>(
    `select json_build_object(
       'id', l.id, 'address_lines', l.address_lines, 'postcode', l.postcode, 'uprn', l.uprn,
       'tenure', l.tenure, 'title_number', l.title_number, 'completed_on', l.completed_on,
       'price_pence', l.price_pence, 'purchase_transaction_id', l.purchase_transaction_id,
       'sale_transaction_id', l.sale_transaction_id,
       'handed_over_at', to_char(l.handed_over_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'from_previous_owner', l.previous_logbook_id is not null,
       'documents', coalesce((
         select json_agg(json_build_object(
                  'id', d.id, 'category', d.category, 'filename', d.filename, 'content_type', d.content_type,
                  'size_bytes', d.size_bytes, 'sha256', d.sha256, 'handed_over', d.storage_key not like 'logbooks/%',
                  'created_at', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                order by d.category, d.filename, d.created_at)
           from logbook_documents d where d.logbook_id = l.id), '[]'::json),
       'entries', coalesce((
         select json_agg(json_build_object(
                  'id', e.id, 'kind', e.kind, 'title', e.title, 'done_on', e.done_on, 'cost_pence', e.cost_pence,
                  'contractor', e.contractor, 'notes', e.notes, 'document_id', e.document_id,
                  'from_previous_owner', e.from_previous_owner,
                  'created_at', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                order by e.done_on desc, e.created_at desc)
           from logbook_entries e where e.logbook_id = l.id), '[]'::json)
     ) as logbook
       from home_logbooks l
      where l.id = $1 and l.owner_id = $2`,
    [opts.logbookId, opts.viewer.profileId],
  )
  if (!row) throw notFound('logbook')
  const logbook = row.logbook
  return {
    ...logbook,
    price_pence: logbook.price_pence === null ? null : Number(logbook.price_pence),
    documents: logbook.documents.map((d) => ({ ...d, size_bytes: Number(d.size_bytes) })),
    entries: logbook.entries.map((e) => ({ ...e, cost_pence: e.cost_pence === null ? null : Number(e.cost_pence) })),
  }
}

/** GET /api/logbooks/{logbookId}/pdtf: the property's PDTF data at completion, and a file name. */
export async function getLogbookPdtf(opts: {
  database: Database
  viewer: Viewer
  logbookId: string
}): Promise<{ pack: Record<string, unknown>; filename: string }> {
  const [row] = await opts.database.query<{ pdtf: Record<string, unknown>; postcode: string }>(
    `select pdtf, postcode from home_logbooks where id = $1 and owner_id = $2`,
    [opts.logbookId, opts.viewer.profileId],
  )
  if (!row) throw notFound('logbook')
  return { pack: row.pdtf, filename: `logbook-pdtf-${row.postcode.replace(/\s+/g, '')}.json` }
}

/**
 * Locks the viewer's logbook for a change; 404 when it is not theirs, 409 once it was handed over
 * (the next owner keeps it up from then on).
 */
export async function lockOwnLogbook(
  tx: Tx,
  viewer: Viewer,
  logbookId: string,
): Promise<{ id: string; sale_transaction_id: string | null }> {
  const res = await tx.execute(sql`
    select id, sale_transaction_id, handed_over_at from home_logbooks
     where id = ${logbookId} and owner_id = ${viewer.profileId} for update`)
  const row = firstRow(
    z.object({ id: z.string(), sale_transaction_id: z.string().nullable(), handed_over_at: Timestamp.nullable() }),
    res,
  )
  if (!row) throw notFound('logbook')
  if (row.handed_over_at) {
    throw new AppError(
      'conflict',
      'This logbook was handed over to the new owner when your sale completed, so it can no longer change.',
    )
  }
  return row
}
