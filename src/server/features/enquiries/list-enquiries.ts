/**
 * A matter's enquiries, oldest first, in one statement that embeds the access check: conveyancers
 * get the text, thread (with each message's files they may read, and their own side's drafts made
 * from their client's answers: never the other side's), documents and client tasks; the buyer and
 * the seller get each enquiry's text, status and the tasks for them; anyone else on the move (agent,
 * broker, surveyor) gets each enquiry's status only. Reply clocks are evaluated at `now`.
 * 404 when the viewer may not see the matter.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { EnquiryList } from '#shared/contracts/enquiries.ts'
import { ENQUIRY_CATEGORIES, ENQUIRY_STATUSES, enquiryRoleOf } from '#shared/domain/enquiries.ts'
import { SLA_CLOCK_TYPES } from '#shared/domain/sla-clocks.ts'
import { documentAudienceFor, readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, rows, Timestamp } from '#server/db/rows.ts'
import { CLOCK_PAUSES_JSON } from '#server/core/clocks/clock-pauses.ts'
import { clockStatus } from '#server/core/clocks/clock-status.ts'
import { readSellerConveyancerSeat } from './enquiry-seat'

const Person = z.object({ id: z.string(), full_name: z.string() })

/** One enquiry as the statement reads it: its own timestamps as Date, those built into JSON as text. */
const EnquiryRow = z.object({
  id: z.string(),
  number: z.number(),
  category: z.enum(ENQUIRY_CATEGORIES),
  status: z.enum(ENQUIRY_STATUSES),
  body: z.string().nullable(),
  version: z.number(),
  form_question: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  closed_at: Timestamp.nullable(),
  raised_by: Person.nullable(),
  replies: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['reply', 'further_enquiry']),
      body: z.string(),
      created_at: z.string(),
      author: Person.nullable(),
      state: z.enum(['sent', 'draft']),
      from_client: Person.nullable(),
      author_off_platform: z.string().nullable(),
      documents: z.array(z.object({ id: z.string(), filename: z.string(), folder: z.string(), version: z.number() })),
    }),
  ),
  received: z
    .object({
      on: z.string(),
      via: z.enum(['email', 'letter']),
      from: z.string().nullable(),
      logged_by: Person.nullable(),
    })
    .nullable(),
  documents: z.array(z.object({ id: z.string(), filename: z.string(), folder: z.string(), version: z.number() })),
  seller_task: z.object({ id: z.string(), title: z.string(), status: z.string() }).nullable(),
  buyer_task: z.object({ id: z.string(), title: z.string(), status: z.string() }).nullable(),
  clock: z
    .object({
      id: z.string(),
      clock_type: z.enum(SLA_CLOCK_TYPES),
      side: z.enum(['buyer', 'seller']),
      enquiry_id: z.string().nullable(),
      target_working_days: z.number(),
      started_at: z.string(),
      stopped_at: z.string().nullable(),
      pauses: z.array(z.object({ from: z.string(), to: z.string().nullable() })),
    })
    .nullable(),
})

export async function listEnquiries(opts: {
  database: Database
  viewer: Viewer
  txId: string
  now?: Date
}): Promise<EnquiryList> {
  return opts.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, opts.viewer, opts.txId)
    const part = enquiryRoleOf(role)
    const full = part !== 'viewer'
    // The buyer and the seller read each enquiry's text and the tasks made for them; not the thread.
    const client = role === 'buyer' || role === 'seller' ? role : null
    const reads = full || !!client
    // A draft (a client's answer) is read only by the conveyancer of its side.
    const draftKind = part === 'replier' ? 'reply' : part === 'raiser' ? 'further_enquiry' : null
    const res = await tx.execute(sql`
      select e.id, e.number, e.category, e.status, case when ${reads}::boolean then e.body end as body, e.version,
        e.form_question,
        e.created_at, e.updated_at, e.closed_at,
        case when ${full}::boolean and rb.id is not null then json_build_object('id', rb.id, 'full_name', rb.full_name) end as raised_by,
        case when ${full}::boolean then coalesce((select json_agg(json_build_object('id', r.id, 'kind', r.kind, 'body', r.body,
            'created_at', r.created_at,
            'author', case when a.id is null then null else json_build_object('id', a.id, 'full_name', a.full_name) end,
            'state', r.state,
            'from_client', case when cl.id is null then null else json_build_object('id', cl.id, 'full_name', cl.full_name) end,
            'author_off_platform', r.author_label,
            'documents', coalesce((select json_agg(json_build_object('id', rd_d.id, 'filename', rd_d.filename,
                'folder', rd_d.folder, 'version', rd_d.version) order by rd_d.filename)
              from enquiry_reply_documents rd join documents rd_d on rd_d.id = rd.document_id
              where rd.reply_id = r.id and ${documentAudienceFor('rd_d', opts.viewer.profileId)}), '[]'::json))
          order by r.created_at) from enquiry_replies r left join profiles a on a.id = r.author_id
          left join profiles cl on cl.id = r.client_id
          where r.enquiry_id = e.id
            and (r.state = 'sent' or (r.state = 'draft' and r.kind = ${draftKind}))), '[]'::json)
          else '[]'::json end as replies,
        case when ${full}::boolean then coalesce((select json_agg(json_build_object('id', d.id, 'filename', d.filename,
            'folder', d.folder, 'version', d.version) order by d.filename)
          from enquiry_documents ed join documents d on d.id = ed.document_id
          where ed.enquiry_id = e.id and ${documentAudienceFor('d', opts.viewer.profileId)}), '[]'::json)
          else '[]'::json end as documents,
        case when (${full}::boolean or ${client}::text = 'seller') and k.id is not null
          then json_build_object('id', k.id, 'title', k.title, 'status', k.status) end as seller_task,
        case when (${full}::boolean or ${client}::text = 'buyer') and bk.id is not null
          then json_build_object('id', bk.id, 'title', bk.title, 'status', bk.status) end as buyer_task,
        case when ${full}::boolean and e.received_on is not null then json_build_object('on', e.received_on::text,
          'via', e.received_via, 'from', e.raised_by_label,
          'logged_by', (select json_build_object('id', lb.id, 'full_name', lb.full_name) from profiles lb where lb.id = e.logged_by))
          end as received,
        (select json_build_object('id', c.id, 'clock_type', c.clock_type, 'side', c.side, 'enquiry_id', c.enquiry_id,
            'target_working_days', c.target_working_days, 'started_at', c.started_at, 'stopped_at', c.stopped_at,
            'pauses', ${CLOCK_PAUSES_JSON})
          from sla_clocks c where c.enquiry_id = e.id and c.cancelled_at is null
          order by c.started_at desc limit 1) as clock
      from enquiries e
      left join profiles rb on rb.id = e.raised_by
      left join tasks k on k.id = e.seller_task_id
      left join tasks bk on bk.id = e.buyer_task_id
      where e.transaction_id = ${opts.txId}
      order by e.number`)
    const now = opts.now ?? new Date()
    const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null)
    const enquiries = rows(EnquiryRow, res).map((r) => ({
      ...r,
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
      closed_at: iso(r.closed_at),
      replies: r.replies.map((x) => ({ ...x, created_at: iso(x.created_at)! })),
      clock: r.clock ? clockStatus(r.clock, now) : null,
    }))
    const seat = full ? await readSellerConveyancerSeat(tx, opts.txId) : null
    const link = full
      ? firstRow(
          z.object({ sent_at: Timestamp, email: z.string(), expires_at: Timestamp, live: z.boolean() }),
          await tx.execute(sql`select created_at as sent_at, email, expires_at,
              (revoked_at is null and expires_at > now()) as live
            from enquiry_reply_links where transaction_id = ${opts.txId} order by created_at desc limit 1`),
        )
      : null
    return {
      my_part: part,
      my_client: client,
      enquiries,
      recipient: seat?.recipient ?? null,
      email_link: link ? { ...link, sent_at: iso(link.sent_at)!, expires_at: iso(link.expires_at)! } : null,
    }
  })
}
