/**
 * The weekly update to each seller of a sale: written from the timeline (what moved in the last 7
 * days, what is next, who is waiting on whom), sent through the outbox every Monday at 09:00 UK
 * time, once per seller per sale per ISO week (table sale_weekly_updates, unique; the row is
 * claimed with `on conflict do nothing`, so two processes never send it twice). A seller who
 * switched 'weekly_update' off in their email settings gets none. While no seller of the sale is on
 * Homeward, the seller the agent recorded on the sale (agent_sales: name and email, on or off
 * Homeward) gets it by email instead, logged by their email (sale_weekly_updates.seller_email), with
 * no link to a timeline they cannot open. The agent previews it, edits it and can send this week's
 * now from the portfolio; the Monday run skips sellers who already had it.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SendWeeklyUpdateInput, WeeklyUpdatePreview } from '#shared/contracts/portfolio.ts'
import {
  sellerSeesTask,
  waitingPartyOf,
  waitingPartyWords,
  waitingSentence,
  type WaitingParty,
} from '#shared/domain/seller-update.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { isoWeekLondon, isWeeklyUpdateWindow } from '#shared/domain/weekly-update.ts'
import { transactionPath } from '#shared/paths.ts'
import { lockTransactionForViewer, readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, rows, Timestamp } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'

/** How emails go out: PUBLIC_URL for links, and whether mail leaves (SMTP) or stays local. */
export interface WeeklyUpdateDelivery {
  publicUrl: string
  deliverMail: boolean
}

const TimelineTask = z.object({
  title: z.string(),
  status: z.string(),
  owner_side: z.string().nullable(),
  completed_at: Timestamp.nullable(),
  stage_name: z.string(),
  stage_status: z.string(),
  blocked_reason: z.string().nullable(),
  stage_sort: z.number(),
})
type TimelineTask = z.infer<typeof TimelineTask>

const SaleHeader = z.object({
  address: z.string(),
  agent_name: z.string().nullable(),
  sellers: z.array(
    z.object({
      /** The seller's profile; null for the seller recorded off Homeward (agent_sales). */
      id: z.string().nullable(),
      name: z.string(),
      email: z.string(),
      opted_out: z.boolean(),
      sent: z.boolean(),
    }),
  ),
})
type SaleHeader = z.infer<typeof SaleHeader>

/** Who a task waits on, in words for the seller: 'you', 'your conveyancer', "the buyer's conveyancer" (shared/domain/seller-update.ts). */
export function ownerForSeller(ownerSide: string | null): string {
  return waitingPartyWords(waitingPartyOf(ownerSide))
}

/**
 * The email's text from the timeline at `now`: what moved in the last 7 days, the current stage's
 * open tasks (what is next) and, grouped by who holds them, who is waiting on whom.
 */
export function weeklyUpdateText(input: {
  sellerName: string
  address: string
  agentName: string | null
  tasks: TimelineTask[]
  now: Date
  link: string
  /** False for a seller recorded off Homeward: no timeline link or email settings to point at. Default true. */
  onHomeward?: boolean
}): { subject: string; text: string } {
  const onHomeward = input.onHomeward ?? true
  const weekAgo = input.now.getTime() - 7 * 86_400_000
  const tasks = input.tasks.filter((t) => sellerSeesTask(t.owner_side))
  const moved = tasks
    .filter((t) => t.status === 'completed' && t.completed_at && new Date(t.completed_at).getTime() >= weekAgo)
    .sort((a, b) => new Date(a.completed_at!).getTime() - new Date(b.completed_at!).getTime())
  const open = tasks.filter((t) => t.status !== 'completed')
  const currentSort = open.length ? Math.min(...open.map((t) => t.stage_sort)) : null
  const next = open.filter((t) => t.stage_sort === currentSort)
  const blocked = [
    ...new Map(input.tasks.filter((t) => t.stage_status === 'blocked').map((t) => [t.stage_name, t])).values(),
  ]
  const waiting: Partial<Record<WaitingParty, number>> = {}
  for (const t of next) {
    const party = waitingPartyOf(t.owner_side)
    waiting[party] = (waiting[party] ?? 0) + 1
  }
  const waitingLine = waitingSentence(waiting)

  const lines = [`Hello ${input.sellerName},`, '', `Here is this week's update on the sale of ${input.address}.`, '']
  lines.push('What moved this week')
  if (moved.length) for (const t of moved) lines.push(`• ${t.title} (${ukDate(new Date(t.completed_at!))})`)
  else lines.push('• Nothing was ticked off this week.')
  lines.push('')
  for (const b of blocked) lines.push(`${b.stage_name} is on hold: ${b.blocked_reason ?? 'no reason given'}.`, '')
  lines.push("What's next")
  if (next.length) {
    lines.push(`Stage: ${next[0].stage_name}`)
    for (const t of next.slice(0, 8)) lines.push(`• ${t.title} (${ownerForSeller(t.owner_side)})`)
    if (next.length > 8) lines.push(`…and ${next.length - 8} more.`)
  } else lines.push('• Every task on the timeline is done.')
  lines.push('')
  if (waitingLine) lines.push('Who is waiting on whom', waitingLine, '')
  if (onHomeward) lines.push(`See the whole timeline: ${input.link}`, '')
  lines.push(input.agentName ? `${input.agentName}, your estate agent` : 'Your estate agent')
  lines.push(
    '',
    onHomeward
      ? "You get this every Monday while your sale is in progress. To stop it, switch off 'The weekly update on my sale' from the bell in Homeward: Email settings."
      : 'You get this every Monday while your sale is in progress. To stop it, reply to this email and tell your estate agent.',
  )
  return { subject: `Your sale of ${input.address}: this week's update`, text: lines.join('\n') }
}

async function readSale(db: Database['db'] | Tx, txId: string, isoWeek: string): Promise<SaleHeader | null> {
  const res = await db.execute(sql`
    select coalesce(p.address_lines[1], 'your home') as address,
      (select ap.full_name from transaction_participants tp join profiles ap on ap.id = tp.user_id
        where tp.transaction_id = t.id and tp.role = 'estate_agent' order by tp.created_at limit 1) as agent_name,
      coalesce((select json_agg(json_build_object('id', sp.id, 'name', sp.full_name, 'email', sp.email,
          'opted_out', coalesce((ns.email ->> 'weekly_update')::boolean, true) = false,
          'sent', exists(select 1 from sale_weekly_updates w where w.transaction_id = t.id and w.seller_id = sp.id and w.iso_week = ${isoWeek}))
          order by sp.full_name)
        from profiles sp left join notification_settings ns on ns.profile_id = sp.id
        where sp.deleted_at is null and sp.id in (select t.seller_user_id union
          select user_id from transaction_participants where transaction_id = t.id and role = 'seller')), '[]') as sellers,
      (select json_build_object('id', null, 'name', coalesce(nullif(a.seller_name, ''), 'there'), 'email', a.seller_email,
          'opted_out', false,
          'sent', exists(select 1 from sale_weekly_updates w where w.transaction_id = t.id and w.seller_id is null
            and w.seller_email = a.seller_email and w.iso_week = ${isoWeek}))
        from agent_sales a where a.transaction_id = t.id and a.seller_email is not null) as recorded_seller
    from transactions t left join properties p on p.transaction_id = t.id where t.id = ${txId}`)
  const found = firstRow(SaleHeader.extend({ recorded_seller: SaleHeader.shape.sellers.element.nullable() }), res)
  if (!found) return null
  const { recorded_seller, ...sale } = found
  // The seller recorded on the sale stands in while no seller is on Homeward (once one joins, they get it there).
  if (sale.sellers.length === 0 && recorded_seller) sale.sellers = [recorded_seller]
  return sale
}

async function readTimeline(db: Database['db'] | Tx, txId: string): Promise<TimelineTask[]> {
  const res = await db.execute(sql`
    select k.title, k.status, k.owner_side, k.completed_at, s.stage_name, s.status as stage_status, s.blocked_reason,
      s.sort_index as stage_sort
    from timeline_stages s join tasks k on k.stage_id = s.id
    where s.transaction_id = ${txId} order by s.sort_index, k.sort_index`)
  return rows(TimelineTask, res)
}

async function compose(db: Database['db'] | Tx, txId: string, now: Date, publicUrl: string) {
  const isoWeek = isoWeekLondon(now)
  const sale = await readSale(db, txId, isoWeek)
  if (!sale) return null
  const tasks = await readTimeline(db, txId)
  const link = `${publicUrl}${transactionPath(txId, { tab: 'timeline' })}`
  const mails = sale.sellers.map((s) => ({
    seller: s,
    ...weeklyUpdateText({
      sellerName: s.name,
      address: sale.address,
      agentName: sale.agent_name,
      tasks,
      now,
      link,
      onHomeward: s.id !== null,
    }),
  }))
  return {
    isoWeek,
    sale,
    mails,
    generic: weeklyUpdateText({
      sellerName: sale.sellers[0]?.name ?? 'there',
      address: sale.address,
      agentName: sale.agent_name,
      tasks,
      now,
      link,
      onHomeward: sale.sellers[0]?.id !== null,
    }),
  }
}

/** 404 unless the viewer may see the sale (access/transactions.ts), then 403 unless they are its estate agent. */
async function assertAgentOnSale(db: Database['db'] | Tx, viewer: Viewer, txId: string) {
  // readViewerRole (access/transactions.ts) takes a Tx but only runs one statement; the preview reads outside one.
  const role = await readViewerRole(db as Tx, viewer, txId)
  if (role !== 'estate_agent')
    throw new AppError('forbidden', "Only the sale's estate agent can send its weekly update.")
}

/** GET preview: the email as the sale's sellers would get it at `now`, and who would get it. */
export async function previewWeeklyUpdate({
  database,
  viewer,
  txId,
  publicUrl,
  now = new Date(),
}: {
  database: Database
  viewer: Viewer
  txId: string
  publicUrl: string
  now?: Date
}): Promise<WeeklyUpdatePreview> {
  await assertAgentOnSale(database.db, viewer, txId)
  const composed = await compose(database.db, txId, now, publicUrl)
  if (!composed) throw new AppError('not_found', 'Could not find this transaction.')
  return {
    iso_week: composed.isoWeek,
    subject: composed.generic.subject,
    text: composed.generic.text,
    recipients: composed.sale.sellers.map((s) => ({
      name: s.name,
      email: s.email,
      opted_out: s.opted_out,
      sent_this_week: s.sent,
      on_homeward: s.id !== null,
    })),
  }
}

/**
 * Sends this ISO week's update of one sale to each seller who has not had it and has not opted
 * out, inside `tx`; returns how many were queued. `sentBy` is the agent who sent it now, null for
 * the Monday run.
 */
async function sendSaleUpdate(
  tx: Tx,
  txId: string,
  now: Date,
  delivery: WeeklyUpdateDelivery,
  sentBy: string | null,
  edited: SendWeeklyUpdateInput = {},
): Promise<number> {
  const composed = await compose(tx, txId, now, delivery.publicUrl)
  if (!composed) return 0
  let sent = 0
  for (const mail of composed.mails) {
    if (mail.seller.opted_out || mail.seller.sent) continue
    // Either unique key (an account's, or an off-Homeward seller's email) makes a second claim a no-op.
    const claimed = await tx.execute(sql`
      insert into sale_weekly_updates (transaction_id, seller_id, seller_email, iso_week, sent_by)
      values (${txId}, ${mail.seller.id}, ${mail.seller.id === null ? mail.seller.email : null}, ${composed.isoWeek}, ${sentBy})
      on conflict do nothing returning id`)
    if (claimed.rows.length === 0) continue
    await enqueueMail(
      tx,
      {
        to: mail.seller.email,
        subject: edited.subject ?? mail.subject,
        text: edited.text ?? mail.text,
        kind: 'portfolio.weekly_update',
        transactionId: txId,
      },
      { deliver: delivery.deliverMail },
    )
    sent++
  }
  return sent
}

/**
 * POST send now (the agent): this week's update to the sellers who have not had it; 403 unless the
 * sale's agent. `edited` is the agent's subject and text from the preview (each seller gets it as
 * written); left out, each seller gets the template's, addressed to them.
 */
export async function sendWeeklyUpdateNow({
  database,
  viewer,
  txId,
  delivery,
  edited,
  now = new Date(),
}: {
  database: Database
  viewer: Viewer
  txId: string
  delivery: WeeklyUpdateDelivery
  edited?: SendWeeklyUpdateInput
  now?: Date
}): Promise<number> {
  return database.db.transaction(async (tx) => {
    const { role } = await lockTransactionForViewer(tx, viewer, txId)
    if (role !== 'estate_agent')
      throw new AppError('forbidden', "Only the sale's estate agent can send its weekly update.")
    return sendSaleUpdate(tx, txId, now, delivery, viewer.profileId, edited)
  })
}

/**
 * The Monday run: when `now` is Monday 09:00-09:59 UK time, sends this ISO week's update for every
 * live sale with an estate agent to each seller who has not had it; otherwise does nothing (no
 * query at all). Returns how many emails were queued. Each sale is its own database transaction.
 */
export async function sendDueWeeklyUpdates({
  database,
  delivery,
  now = new Date(),
}: {
  database: Database
  delivery: WeeklyUpdateDelivery
  now?: Date
}): Promise<number> {
  if (!isWeeklyUpdateWindow(now)) return 0
  const isoWeek = isoWeekLondon(now)
  const due = await database.db.execute(sql`
    select t.id from transactions t
    where t.status in ('draft', 'active', 'exchange')
      and exists(select 1 from transaction_participants a where a.transaction_id = t.id and a.role = 'estate_agent')
      and (exists(select 1 from profiles sp where sp.id in (select t.seller_user_id union
          select user_id from transaction_participants where transaction_id = t.id and role = 'seller')
        and not exists(select 1 from sale_weekly_updates w where w.transaction_id = t.id and w.seller_id = sp.id and w.iso_week = ${isoWeek}))
        or exists(select 1 from agent_sales a where a.transaction_id = t.id and a.seller_email is not null
          and not exists(select 1 from profiles sp where sp.id in (select t.seller_user_id union
            select user_id from transaction_participants where transaction_id = t.id and role = 'seller'))
          and not exists(select 1 from sale_weekly_updates w where w.transaction_id = t.id and w.seller_id is null
            and w.seller_email = a.seller_email and w.iso_week = ${isoWeek})))`)
  let sent = 0
  for (const { id } of rows(IdRow, due))
    sent += await database.db.transaction((tx) => sendSaleUpdate(tx, id, now, delivery, null))
  return sent
}
