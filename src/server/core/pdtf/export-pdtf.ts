/**
 * GET /api/transactions/{txId}/pdtf: the move as a PDTF v3 transaction (pdtf-mapping.ts), for anyone
 * who can see it; the standard 404 otherwise. One query reads the move, its property, people
 * (with their firm's name), timeline and the seller's TA6/TA10 answers (signed ones for everyone,
 * drafts too for the seller's side, who alone read drafts).
 */
import { NATIONS } from '#shared/domain/nations.ts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { PARTICIPANT_ROLES } from '#shared/domain/roles.ts'
import { STAGE_STATUSES, TENURES, TRANSACTION_STATUSES } from '#shared/domain/statuses.ts'
import { canReadDraftAnswers } from '#server/access/property-forms.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { notFound } from '../errors.ts'
import { toPdtf, type PdtfSource } from './pdtf-mapping'

/** The one column of readPdtfSource, built by json_build_object: dates and timestamps as JSON text, the price a JSON number. */
const Row = z.object({
  source: z.object({
    transactionId: z.string(),
    status: z.enum(TRANSACTION_STATUSES),
    agreedPricePence: z.number().nullable(),
    exchangeDate: z.string().nullable(),
    completionDate: z.string().nullable(),
    property: z.object({
      addressLines: z.array(z.string()),
      postcode: z.string(),
      uprn: z.string().nullable(),
      tenure: z.enum(TENURES).nullable(),
      titleNumber: z.string().nullable(),
      nation: z.enum(NATIONS),
    }),
    participants: z.array(
      z.object({ role: z.enum(PARTICIPANT_ROLES), fullName: z.string(), organisation: z.string().nullable() }),
    ),
    stages: z.array(
      z.object({
        name: z.string(),
        status: z.enum(STAGE_STATUSES),
        blockedReason: z.string().nullable(),
        tasks: z.array(z.object({ title: z.string(), completedAt: z.string().nullable() })),
      }),
    ),
    formAnswers: z.array(z.record(z.string(), z.unknown())),
    formSignatures: z.array(z.object({ form: z.enum(['ta6', 'ta10']), signedName: z.string(), signedAt: z.string() })),
  }),
})

/**
 * Reads what the PDTF mapping needs of one move, in one query, without an access check (callers
 * check: the export below, the home logbook made in the completing database transaction).
 * `draftAnswers` adds the TA6/TA10 answers not signed yet (the seller's side only). Null when the move
 * or its property does not exist.
 */
export async function readPdtfSource(
  db: Tx | Database['db'],
  txId: string,
  { draftAnswers }: { draftAnswers: boolean },
): Promise<PdtfSource | null> {
  const res = await db.execute(sql`select json_build_object(
       'transactionId', t.id,
       'status', t.status,
       'agreedPricePence', t.agreed_price_pence,
       'exchangeDate', t.exchange_date,
       'completionDate', t.completion_date,
       'property', json_build_object(
         'addressLines', p.address_lines, 'postcode', p.postcode, 'uprn', p.uprn,
         'tenure', p.tenure, 'titleNumber', p.title_number, 'nation', p.nation),
       'participants', coalesce((
         select json_agg(json_build_object('role', tp.role, 'fullName', pr.full_name, 'organisation', o.name)
                         order by tp.created_at, tp.id)
           from transaction_participants tp
           join profiles pr on pr.id = tp.user_id
           left join organizations o on o.id = tp.organization_id
          where tp.transaction_id = t.id), '[]'::json),
       'stages', coalesce((
         select json_agg(json_build_object(
                  'name', s.stage_name, 'status', s.status, 'blockedReason', s.blocked_reason,
                  'tasks', coalesce((
                    select json_agg(json_build_object('title', k.title, 'completedAt', k.completed_at)
                                    order by k.sort_index)
                      from tasks k where k.stage_id = s.id), '[]'::json))
                order by s.sort_index)
           from timeline_stages s where s.transaction_id = t.id), '[]'::json),
       'formAnswers', coalesce((
         select json_agg(f.answers order by f.form desc)
           from property_forms f
          where f.transaction_id = t.id and (f.signed_at is not null or ${draftAnswers}::boolean)), '[]'::json),
       'formSignatures', coalesce((
         select json_agg(json_build_object('form', f.form, 'signedName', f.signed_name, 'signedAt', f.signed_at)
                         order by f.form desc)
           from property_forms f
          where f.transaction_id = t.id and f.signed_at is not null and f.signed_name is not null), '[]'::json)
     ) as source
     from transactions t
     join properties p on p.transaction_id = t.id
    where t.id = ${txId}`)
  const row = firstRow(Row, res)
  return row ? { ...row.source } : null
}

/** The PDTF v3 transaction of a source read by readPdtfSource (timestamps normalised to ISO 8601). */
export function pdtfPackOf(source: PdtfSource): Record<string, unknown> {
  // json_build_object writes timestamps without a zone offset in some drivers' settings: normalise.
  for (const stage of source.stages) {
    for (const task of stage.tasks) if (task.completedAt) task.completedAt = new Date(task.completedAt).toISOString()
  }
  return toPdtf({
    ...source,
    agreedPricePence: source.agreedPricePence === null ? null : Number(source.agreedPricePence),
  })
}

/** Returns the pack and a file name for it: `pdtf-<postcode>-<yyyy-mm-dd>.json`. */
export async function exportPdtf(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<{ pack: Record<string, unknown>; filename: string }> {
  const role = await opts.database.db.transaction((tx) => readViewerRole(tx, opts.viewer, opts.txId))
  const source = await readPdtfSource(opts.database.db, opts.txId, { draftAnswers: canReadDraftAnswers(role) })
  if (!source) throw notFound()
  const pack = pdtfPackOf(source)
  const postcode = source.property.postcode.replace(/\s+/g, '')
  return { pack, filename: `pdtf-${postcode}-${new Date().toISOString().slice(0, 10)}.json` }
}
