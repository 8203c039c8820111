/**
 * The memorandum of sale (issue 40 item 1, decision 066): a form prefilled from the sale (GET draft),
 * a preview of exactly what the PDF prints (POST preview: nothing saved or sent), and the issue (POST):
 * a one-page-or-more A4 PDF drawn with pdf-lib from the same sections, saved as a new version of
 * "Memorandum of sale.pdf" in the Contracts folder (audience everyone, decision 051), and emailed with
 * the PDF attached to the seller, the buyer and both conveyancers, on Homeward or recorded off it
 * (the agent's record of the clients, agent_sales; the conveyancers' off-platform records, decision
 * 053). The timeline task "Memorandum of sale sent to both sides and their conveyancers" is ticked
 * through tickTask ONLY when both conveyancers received it (memorandumTicksTask); otherwise the answer
 * says why it stays open. The form's own fields are kept (agent_sales) to prefill the next issue.
 * The sale's estate agent only (403 for others on it, 404 for anyone not on it).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type {
  MemorandumDraft,
  MemorandumInput,
  MemorandumParty,
  MemorandumPreview,
  MemorandumResponse,
} from '#shared/contracts/portfolio.ts'
import {
  BUYER_POSITION_LABELS,
  FUNDING_LABELS,
  MEMORANDUM_RECIPIENT_ROLES,
  memorandumOpenReason,
  memorandumTicksTask,
  type BuyerPosition,
  type FundingMethod,
} from '#shared/domain/agent-sales.ts'
import { NOT_ON_HOMEWARD } from '#shared/domain/off-platform-parties.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { transactionPath } from '#shared/paths.ts'
import { lockTransactionForViewer, readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { Int8, oneRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { enqueueMail } from '#server/platform/mail/outbox.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { filePdf, storePdf, type StoredPdf } from '#server/core/documents/save-generated-pdf.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { touchTransaction } from '#server/core/timeline/touch-transaction.ts'
import type { WeeklyUpdateDelivery } from './weekly-update'

export const MEMORANDUM_FILENAME = 'Memorandum of sale.pdf'
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })
const FORBIDDEN = "Only the sale's estate agent can issue its memorandum of sale."

const PartyRow = z.object({
  role: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  firm: z.string().nullable(),
  on_homeward: z.boolean(),
})

/** Everything the memorandum is drawn from: the sale, its people and the form. */
export interface MemorandumData {
  address: string[]
  postcode: string
  tenure: string | null
  titleNumber: string | null
  pricePence: number | null
  agentName: string
  agentFirm: string | null
  /**
   * Per role it names (seller, buyer, both conveyancers, broker), on Homeward or off it: one each,
   * except joint buyers or sellers on Homeward, who are all listed (the lead first).
   */
  parties: MemorandumParty[]
  form: {
    buyer_position: BuyerPosition | null
    funding: FundingMethod | null
    seller_address: string | null
    buyer_address: string | null
    special_conditions: string | null
  }
  lastVersion: number | null
}

/** The sections the PDF prints and the preview shows, in order: one home for the memorandum's words. */
export function memorandumSections(data: MemorandumData, issuedAt: Date): { heading: string; lines: string[] }[] {
  const party = (role: string) => data.parties.find((p) => p.role === role)
  // The side's clients: one, or joint buyers or sellers named together ("Ann Lee and Ben Lee").
  const person = (role: string, address: string | null) => {
    const clients = data.parties.filter((p) => p.role === role)
    if (!clients.length) return ['Not recorded yet']
    return [
      clients.map((p) => p.name).join(' and '),
      ...(address ? address.split('\n').filter(Boolean) : []),
      ...clients.flatMap((p) => (p.email ? [p.email] : [])),
      ...(clients.every((p) => p.on_homeward) ? [] : [`(${NOT_ON_HOMEWARD})`]),
    ]
  }
  const firm = (role: string) => {
    const p = party(role)
    if (!p) return ['Not appointed yet']
    return [
      p.firm ?? p.name,
      ...(p.firm && p.name !== p.firm ? [`Acting: ${p.name}`] : []),
      ...(p.email ? [p.email] : []),
      ...(p.on_homeward ? [] : [`(${NOT_ON_HOMEWARD})`]),
    ]
  }
  const tenure = data.tenure ? data.tenure[0].toUpperCase() + data.tenure.slice(1) : 'To be confirmed'
  const sections = [
    {
      heading: 'Property',
      lines: [
        ...data.address,
        data.postcode,
        `Tenure: ${tenure}`,
        ...(data.titleNumber ? [`Title number: ${data.titleNumber}`] : []),
        `Agreed price: ${data.pricePence === null ? 'to be confirmed' : GBP.format(data.pricePence / 100)}`,
      ],
    },
    { heading: 'Seller', lines: person('seller', data.form.seller_address) },
    {
      heading: 'Buyer',
      lines: [
        ...person('buyer', data.form.buyer_address),
        `Position: ${data.form.buyer_position ? BUYER_POSITION_LABELS[data.form.buyer_position] : 'to be confirmed'}`,
        `Funding: ${data.form.funding ? FUNDING_LABELS[data.form.funding] : 'to be confirmed'}`,
      ],
    },
    { heading: "Seller's conveyancer", lines: firm('seller_conveyancer') },
    { heading: "Buyer's conveyancer", lines: firm('buyer_conveyancer') },
  ]
  if (party('mortgage_broker')) sections.push({ heading: "Buyer's mortgage broker", lines: firm('mortgage_broker') })
  sections.push({
    heading: 'Estate agent',
    lines: [data.agentFirm ? `${data.agentName}, ${data.agentFirm}` : data.agentName],
  })
  sections.push({
    heading: 'Special conditions',
    lines: data.form.special_conditions ? data.form.special_conditions.split('\n').filter(Boolean) : ['None'],
  })
  sections.push({
    heading: 'Subject to contract',
    lines: [
      `Issued ${ukDate(issuedAt)} by the estate agent through Homeward.`,
      'This memorandum is not a contract and creates no obligation to buy or sell.',
    ],
  })
  return sections
}

/** The standard fonts encode WinAnsi only: typographic quotes become plain ones, anything else '?'. */
const winAnsi = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

/** The PDF bytes of the memorandum: A4, the sections of memorandumSections, long lines wrapped, pages added as needed. */
export async function renderMemorandumPdf(data: MemorandumData, issuedAt: Date): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle('Memorandum of sale')
  pdf.setProducer('Homeward')
  pdf.setCreationDate(issuedAt)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const [W, H, M] = [595.28, 841.89, 56]
  let page = pdf.addPage([W, H])
  let y = H - M
  const line = (raw: string, font = regular, size = 10, indent = 0) => {
    const words = winAnsi(raw).split(' ')
    const max = W - 2 * M - indent
    let current = ''
    const flush = () => {
      if (y < M) {
        page = pdf.addPage([W, H])
        y = H - M
      }
      page.drawText(current, { x: M + indent, y, size, font, color: rgb(0.1, 0.1, 0.12) })
      y -= size * 1.5
    }
    for (const word of words) {
      const next = current ? `${current} ${word}` : word
      if (current && font.widthOfTextAtSize(next, size) > max) {
        flush()
        current = word
      } else current = next
    }
    flush()
  }
  line('Memorandum of sale', bold, 20)
  y -= 6
  for (const section of memorandumSections(data, issuedAt)) {
    line(section.heading, bold, 12)
    for (const l of section.lines) line(l, regular, 10, 12)
    y -= 6
  }
  return pdf.save()
}

/** Reads the sale, its people (on Homeward first, else the agent's and the off-platform records) and the last form. */
async function readMemorandumData(tx: Tx, txId: string): Promise<MemorandumData> {
  const res = await tx.execute(sql`
    select p.address_lines, p.postcode, p.tenure, p.title_number, t.agreed_price_pence,
      s.buyer_position, s.funding, s.seller_address, s.buyer_address, s.special_conditions,
      (select max(d.version)::int from documents d where d.transaction_id = t.id and d.folder = 'Contracts'
        and d.filename = ${MEMORANDUM_FILENAME}) as last_version,
      coalesce((select json_agg(x) from (
        -- The people on Homeward: participant rows, else the move's buyer and seller columns; per role
        -- the lead client (the move's column) first, then joint clients in the order they joined.
        select c.role, c.name, c.email, null::text as firm, true as on_homeward from (
          select tp.role, pp.full_name as name, pp.email, 0 as pref,
              (pp.id = t.buyer_user_id or pp.id = t.seller_user_id) as lead, tp.created_at from transaction_participants tp
            join profiles pp on pp.id = tp.user_id
           where tp.transaction_id = t.id and tp.role in ('seller', 'buyer', 'seller_conveyancer', 'buyer_conveyancer', 'mortgage_broker')
          union all select 'seller', sp.full_name, sp.email, 1, true, null from profiles sp where sp.id = t.seller_user_id
          union all select 'buyer', bp.full_name, bp.email, 1, true, null from profiles bp where bp.id = t.buyer_user_id) c
         order by c.role, c.pref, c.lead desc, c.created_at
      ) x), '[]') as on_platform,
      coalesce((select json_agg(json_build_object('role', o.role, 'name', coalesce(o.person_name, o.firm_name),
          'email', o.email, 'firm', o.firm_name, 'on_homeward', false))
        from off_platform_parties o where o.transaction_id = t.id and o.joined_at is null), '[]') as off_platform,
      (select json_build_object('name', ap.full_name, 'firm', ao.name) from transaction_participants atp
         join profiles ap on ap.id = atp.user_id left join organizations ao on ao.id = atp.organization_id
        where atp.transaction_id = t.id and atp.role = 'estate_agent' order by atp.created_at limit 1) as agent,
      s.seller_name, s.seller_email, s.buyer_name, s.buyer_email
    from transactions t left join properties p on p.transaction_id = t.id
      left join agent_sales s on s.transaction_id = t.id
    where t.id = ${txId}`)
  const row = oneRow(
    z.object({
      address_lines: z.array(z.string()).nullable(),
      postcode: z.string().nullable(),
      tenure: z.string().nullable(),
      title_number: z.string().nullable(),
      // bigint: text from node-postgres, a number from PGlite.
      agreed_price_pence: Int8.nullable(),
      buyer_position: z.string().nullable(),
      funding: z.string().nullable(),
      seller_address: z.string().nullable(),
      buyer_address: z.string().nullable(),
      special_conditions: z.string().nullable(),
      last_version: z.number().nullable(),
      on_platform: z.array(PartyRow),
      off_platform: z.array(PartyRow),
      agent: z.object({ name: z.string(), firm: z.string().nullable() }).nullable(),
      seller_name: z.string().nullable(),
      seller_email: z.string().nullable(),
      buyer_name: z.string().nullable(),
      buyer_email: z.string().nullable(),
    }),
    res,
  )
  const parties: MemorandumParty[] = []
  for (const role of [...MEMORANDUM_RECIPIENT_ROLES, 'mortgage_broker']) {
    const on = row.on_platform.find((p) => p.role === role)
    // Joint buyers or sellers (decision 070): every client of the side after the first, once each.
    if (on && (role === 'buyer' || role === 'seller')) {
      const seen = new Set<string>()
      for (const p of row.on_platform.filter((x) => x.role === role)) {
        const key = (p.email ?? p.name).toLowerCase()
        if (!seen.has(key)) parties.push(p)
        seen.add(key)
      }
      continue
    }
    const off = row.off_platform.find((p) => p.role === role)
    const recorded =
      role === 'seller' && row.seller_name
        ? { role, name: row.seller_name, email: row.seller_email, firm: null, on_homeward: false }
        : role === 'buyer' && row.buyer_name
          ? { role, name: row.buyer_name, email: row.buyer_email, firm: null, on_homeward: false }
          : null
    const chosen = on ?? off ?? recorded
    if (chosen) parties.push(chosen)
  }
  return {
    address: row.address_lines ?? ['Address to be confirmed'],
    postcode: row.postcode ?? '',
    tenure: row.tenure,
    titleNumber: row.title_number,
    pricePence: row.agreed_price_pence === null ? null : Number(row.agreed_price_pence),
    agentName: row.agent?.name ?? 'The estate agent',
    agentFirm: row.agent?.firm ?? null,
    parties,
    form: {
      buyer_position: row.buyer_position as BuyerPosition | null,
      funding: row.funding as FundingMethod | null,
      seller_address: row.seller_address,
      buyer_address: row.buyer_address,
      special_conditions: row.special_conditions,
    },
    lastVersion: row.last_version,
  }
}

/** The four recipient roles in order, each with or without an email; joint buyers or sellers each get a row. */
function recipientsOf(data: MemorandumData): MemorandumDraft['recipients'] {
  return MEMORANDUM_RECIPIENT_ROLES.flatMap((role) => {
    const ps = data.parties.filter((x) => x.role === role)
    return ps.length
      ? ps.map((p) => ({ ...p, role }))
      : [
          {
            role,
            name: `No ${participantRoleLabel(role).toLowerCase()} recorded`,
            firm: null,
            email: null,
            on_homeward: false,
          },
        ]
  })
}

const rolesWithEmail = (recipients: MemorandumDraft['recipients']) =>
  recipients.filter((r) => r.email).map((r) => r.role as string)

const withForm = (data: MemorandumData, form: MemorandumInput): MemorandumData => ({
  ...data,
  form: {
    buyer_position: form.buyer_position,
    funding: form.funding,
    seller_address: form.seller_address || null,
    buyer_address: form.buyer_address || null,
    special_conditions: form.special_conditions || null,
  },
})

/** 404 unless the viewer may see the sale, 403 unless they are its estate agent; then reads its data. */
async function readAsAgent(database: Database, viewer: Viewer, txId: string): Promise<MemorandumData> {
  return database.db.transaction(async (tx) => {
    if ((await readViewerRole(tx, viewer, txId)) !== 'estate_agent') throw new AppError('forbidden', FORBIDDEN)
    return readMemorandumData(tx, txId)
  })
}

/** GET: the form prefilled from the sale, who it will go to, and whether sending ticks the task. */
export async function memorandumDraft(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<MemorandumDraft> {
  const data = await readAsAgent(opts.database, opts.viewer, opts.txId)
  const recipients = recipientsOf(data)
  return {
    address: [data.address[0], data.postcode].filter(Boolean).join(', '),
    agreed_price_pence: data.pricePence,
    form: data.form,
    recipients,
    ticks_task: memorandumTicksTask(rolesWithEmail(recipients)),
    open_reason: memorandumOpenReason(rolesWithEmail(recipients)),
    last_version: data.lastVersion,
  }
}

/** POST preview: the sections as the PDF will print them from `form`; nothing saved or sent. */
export async function previewMemorandum(opts: {
  database: Database
  viewer: Viewer
  txId: string
  form: MemorandumInput
  now?: Date
}): Promise<MemorandumPreview> {
  const data = withForm(await readAsAgent(opts.database, opts.viewer, opts.txId), opts.form)
  const recipients = recipientsOf(data)
  return {
    title: 'Memorandum of sale',
    sections: memorandumSections(data, opts.now ?? new Date()),
    recipients,
    ticks_task: memorandumTicksTask(rolesWithEmail(recipients)),
    open_reason: memorandumOpenReason(rolesWithEmail(recipients)),
  }
}

/** POST: generates, stores and sends the memorandum from `form`; ticks its task only when both conveyancers got it. */
export async function issueMemorandum(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  txId: string
  form: MemorandumInput
  delivery: WeeklyUpdateDelivery
  ip: string | null
  now?: Date
}): Promise<MemorandumResponse> {
  const { database, storage, viewer, txId } = opts
  const now = opts.now ?? new Date()
  // Set inside the transaction's callback, read after it fails: a holder, as a `let` would read as never assigned.
  const stored: { pdf: StoredPdf | null } = { pdf: null }
  try {
    return await database.db.transaction(async (tx) => {
      const { role } = await lockTransactionForViewer(tx, viewer, txId)
      if (role !== 'estate_agent') throw new AppError('forbidden', FORBIDDEN)
      const data = withForm(await readMemorandumData(tx, txId), opts.form)
      const recipients = recipientsOf(data).filter((r): r is typeof r & { email: string } => !!r.email)
      if (recipients.length === 0)
        throw new AppError(
          'unprocessable',
          'Nobody on this sale has an email yet. Record the seller, the buyer and their conveyancers first.',
        )
      const sentRoles = [...new Set(recipients.map((r) => r.role))]
      const ticks = memorandumTicksTask(sentRoles)
      const bytes = await renderMemorandumPdf(data, now)
      const pdf = await storePdf(storage, txId, bytes)
      stored.pdf = pdf
      const { id: documentId, version } = await filePdf(tx, {
        txId,
        folder: 'Contracts',
        filename: MEMORANDUM_FILENAME,
        stored: pdf,
        actorId: viewer.profileId,
        summary: `issued the memorandum of sale to ${sentRoles.map((r) => `the ${participantRoleLabel(r).toLowerCase()}`).join(', ')}`,
        // The memorandum of sale goes to everyone on the move (decision 051).
        audience: 'everyone',
        ip: opts.ip,
      })
      await tx.execute(sql`
        insert into agent_sales (transaction_id, created_by, buyer_position, funding, seller_address, buyer_address,
          special_conditions)
        values (${txId}, ${viewer.profileId}, ${data.form.buyer_position}, ${data.form.funding}, ${data.form.seller_address},
          ${data.form.buyer_address}, ${data.form.special_conditions})
        on conflict (transaction_id) do update set buyer_position = excluded.buyer_position, funding = excluded.funding,
          seller_address = excluded.seller_address, buyer_address = excluded.buyer_address,
          special_conditions = excluded.special_conditions, updated_at = now()`)
      if (ticks)
        await tickTask(tx, {
          txId,
          task: { title: TASK_TITLES.memorandumOfSale, all: true },
          status: 'completed',
          actorId: viewer.profileId,
          reason: ' by sending the memorandum of sale to both sides and their conveyancers',
          payload: { documentId },
          ip: opts.ip,
          notify: opts.delivery,
        })
      await touchTransaction(tx, txId)
      const address = [data.address[0], data.postcode].filter(Boolean).join(', ')
      const link = `${opts.delivery.publicUrl}${transactionPath(txId, { tab: 'documents' })}`
      const pdfBase64 = Buffer.from(bytes).toString('base64')
      const sentTo: string[] = []
      for (const person of recipients) {
        const email = person.email.toLowerCase()
        if (sentTo.includes(email)) continue
        sentTo.push(email)
        const where = person.on_homeward
          ? `It is also in the move's documents on Homeward (Contracts, "${MEMORANDUM_FILENAME}", version ${version}): ${link}`
          : `It is attached as "${MEMORANDUM_FILENAME}" (version ${version}).`
        await enqueueMail(
          tx,
          {
            to: email,
            subject: `Memorandum of sale: ${address}`,
            greet: person.name,
            text: [
              `${viewer.fullName} has issued the memorandum of sale for ${address}${data.pricePence === null ? '' : ` at ${GBP.format(data.pricePence / 100)}`}, subject to contract. You receive it as the ${participantRoleLabel(person.role).toLowerCase()}.`,
              '',
              where,
            ].join('\n'),
            kind: 'portfolio.memorandum',
            transactionId: txId,
            attachments: [
              { filename: MEMORANDUM_FILENAME, contentType: 'application/pdf', content: pdfBase64, encoding: 'base64' },
            ],
          },
          { deliver: opts.delivery.deliverMail },
        )
      }
      return {
        document_id: documentId,
        filename: MEMORANDUM_FILENAME,
        version,
        sent_to: sentTo,
        task_ticked: ticks,
        open_reason: memorandumOpenReason(sentRoles),
      }
    })
  } catch (err) {
    // The transaction and its stored bytes fail together (the callback may have stored before failing).
    await stored.pdf?.discard()
    throw err
  }
}
