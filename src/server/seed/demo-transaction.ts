/**
 * The demo transaction: Amelia Clarke buying 12 Clarence Road, St Albans from Tom Whitfield, with
 * Priya Shah of the demo firm as Amelia's conveyancer. Thirty-eight days after the offer was accepted:
 * instruction done, the seller's property information nearly done, searches back except the local
 * authority search, which the council has delayed. Dates are relative to `now` so the case always
 * looks live; the content never changes.
 */
import { defaultDocumentAudience } from '#shared/domain/document-audiences.ts'
import type { DocumentFolder } from '#shared/domain/statuses.ts'
import { standardTimeline, TASK_TITLES, type OwnerSide } from '#shared/domain/timeline-template.ts'
import type { Tx } from '../db/client'
import { and, eq, sql } from 'drizzle-orm'
import { documents, messages, messageThreads } from '../db/schema'
import {
  insertTransaction,
  stagesInProgress,
  type InsertedTransaction,
} from '#server/core/timeline/insert-transaction.ts'
import { createPrng } from './prng'

/** Fixed id, so the seed can tell that the demo transaction exists and links to it stay stable. */
export const DEMO_TRANSACTION_ID = '5eed0000-0000-4000-8000-000000000002'

export const DEMO_PROPERTY = {
  addressLines: ['12 Clarence Road', 'St Albans'],
  postcode: 'AL1 4NG',
  // A 12-digit UPRN in the range St Albans City and District Council's addresses use.
  uprn: '100081217453',
  // 'HD' is HM Land Registry's prefix for Hertfordshire titles.
  titleNumber: 'HD412873',
  tenure: 'freehold' as const,
}

/** £525,000 in pence. */
export const DEMO_AGREED_PRICE_PENCE = 525_000 * 100

/** Days between the offer being accepted and `now`. */
export const DEMO_DAYS_SINCE_OFFER = 38

export const DEMO_BLOCKED_REASON =
  'Local authority search delayed by St Albans City and District Council (est. 15 working days)'

export interface DemoPeople {
  buyerProfileId: string
  sellerProfileId: string
  conveyancerProfileId: string
  conveyancerOrganizationId: string
}

const DAY_MS = 86_400_000

// When each completed task was ticked, in days before now, by stage then task (timeline order).
const TICKED_DAYS_AGO: number[][] = [
  [38, 38, 37], // Offer accepted: DIP shown, SSTC, memorandum of sale.
  [35, 36, 34, 33, 31], // Instruction & ID checks: the seller instructed first.
  [27, 27, 24], // Property information: TA6, TA10, official copies (contract pack still to go).
  [25, 24, 24, 24], // Searches: fees paid, local, drainage and environmental searches ordered.
]

/**
 * Inserts the demo transaction (property, stages, tasks, participants, documents, messages) with
 * `tx`; call it inside one database transaction. Ids come from a fixed seed, times from `now`.
 */
export async function insertDemoTransaction(tx: Tx, people: DemoPeople, now: Date): Promise<InsertedTransaction> {
  const r = createPrng('homeward-demo-transaction-v1')
  const { buyerProfileId: amelia, sellerProfileId: tom, conveyancerProfileId: priya } = people
  const ago = (days: number, hour = 10, minute = 0) => {
    const d = new Date(now.getTime() - days * DAY_MS)
    d.setUTCHours(hour, minute, 0, 0)
    // Never in the future, even when `now` is early in the morning.
    return d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d
  }
  const tickedBy: Partial<Record<OwnerSide, string>> = {
    buyer_side: amelia,
    seller_side: tom,
    buyer_conveyancer: priya,
  }

  const template = standardTimeline({ tenure: DEMO_PROPERTY.tenure })
  const searchesIndex = template.findIndex((s) => s.key === 'searches')
  const stages = stagesInProgress(template, {
    completedStages: 2,
    currentTasksDone: 3,
    blocked: { stageIndex: searchesIndex, reason: DEMO_BLOCKED_REASON, tasksDone: 4 },
  })
  // Priya marked Searches blocked (her chat message says so): shown as 'Blocked by Priya ... on ...'.
  stages[searchesIndex].blockedBy = priya
  stages[searchesIndex].blockedAt = ago(12, 10, 5)
  // The TA6 and TA10 tasks tick when Tom signs the forms, through the signing path (demo-property-forms.ts).
  for (const stage of stages)
    for (const task of stage.tasks)
      if (task.title === TASK_TITLES.ta6Form || task.title === TASK_TITLES.ta10Form) task.status = 'not_completed'
  stages.forEach((stage, i) =>
    stage.tasks.forEach((task, k) => {
      if (task.status !== 'completed') return
      task.completedAt = ago(TICKED_DAYS_AGO[i]?.[k] ?? 20, 9 + k, 15 * k)
      task.completedBy = task.ownerSide ? (tickedBy[task.ownerSide] ?? null) : null
    }),
  )

  const inserted = await insertTransaction(
    tx,
    {
      id: DEMO_TRANSACTION_ID,
      status: 'active',
      buyerProfileId: amelia,
      sellerProfileId: tom,
      createdBy: amelia,
      agreedPricePence: DEMO_AGREED_PRICE_PENCE,
      createdAt: ago(DEMO_DAYS_SINCE_OFFER, 8, 30),
      property: DEMO_PROPERTY,
      stages,
      participants: [
        { profileId: amelia, role: 'buyer', createdAt: ago(DEMO_DAYS_SINCE_OFFER, 8, 30) },
        { profileId: tom, role: 'seller', createdAt: ago(DEMO_DAYS_SINCE_OFFER, 14, 5) },
        {
          profileId: priya,
          role: 'buyer_conveyancer',
          organizationId: people.conveyancerOrganizationId,
          invitedBy: amelia,
          createdAt: ago(36, 11, 20),
        },
      ],
    },
    () => r.uuid(),
  )

  const doc = (
    folder: DocumentFolder,
    filename: string,
    uploadedBy: string,
    daysAgo: number,
    extra: { version?: number; signedDaysAgo?: number; sizeKb?: number } = {},
  ) => ({
    id: r.uuid(),
    transactionId: DEMO_TRANSACTION_ID,
    folder,
    filename,
    version: extra.version ?? 1,
    uploadedBy,
    contentType: 'application/pdf',
    sizeBytes: (extra.sizeKb ?? r.int(90, 900)) * 1024,
    createdAt: ago(daysAgo, 12, r.int(0, 59)),
    signedAt: extra.signedDaysAgo === undefined ? null : ago(extra.signedDaysAgo, 19, 12),
    // Its kind's default for the uploader's side (decision 051): the buyer's identity, client-care,
    // mortgage and gift papers stay on the buyer's side; the TA6, TA10, title and searches go to
    // both clients and both conveyancers.
    audience: defaultDocumentAudience(folder, filename, uploadedBy === tom ? 'seller' : 'buyer'),
  })
  // No file bodies are stored for demo documents (storage_key stays null): rows only.
  await tx
    .insert(documents)
    .values([
      doc('Contracts', 'client-care-letter-amelia-clarke.pdf', priya, 36, { signedDaysAgo: 35, sizeKb: 212 }),
      doc('Identity', 'id-and-aml-check-amelia-clarke.pdf', priya, 34, { sizeKb: 148 }),
      doc('Mortgage', 'decision-in-principle-amelia-clarke.pdf', amelia, 35, { sizeKb: 96 }),
      doc('Mortgage', 'gifted-deposit-letter-clarke.pdf', amelia, 32, { sizeKb: 74 }),
      doc('Property', 'TA6-property-information-form.pdf', tom, 28, { sizeKb: 640 }),
      doc('Property', 'TA6-property-information-form.pdf', tom, 27, { version: 2, sizeKb: 655 }),
      doc('Fixtures', 'TA10-fittings-and-contents-form.pdf', tom, 27, { sizeKb: 310 }),
      doc('Property', 'official-copy-register-HD412873.pdf', priya, 24, { sizeKb: 88 }),
      doc('Property', 'title-plan-HD412873.pdf', priya, 24, { sizeKb: 402 }),
      doc('Searches', 'CON29DW-drainage-and-water-search.pdf', priya, 14, { sizeKb: 1210 }),
      doc('Searches', 'environmental-search-report.pdf', priya, 13, { sizeKb: 2380 }),
    ])

  // The 'General' thread is created with the transaction (trigger of migration 0005).
  const [general] = await tx
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.transactionId, DEMO_TRANSACTION_ID), eq(messageThreads.topic, 'general')))
  const message = (authorId: string, createdAt: Date, bodyMd: string) => ({
    id: r.uuid(),
    transactionId: DEMO_TRANSACTION_ID,
    threadId: general.id,
    authorId,
    bodyMd,
    createdAt,
  })
  await tx
    .insert(messages)
    .values([
      message(
        priya,
        ago(36, 11, 42),
        "Hi Amelia, I've opened your file for **12 Clarence Road**. The client care letter is in the Contracts folder ready to sign. For the ID and AML checks I'll also need proof of where the deposit is coming from: three months of bank statements will do.",
      ),
      message(
        amelia,
        ago(35, 19, 20),
        'Thanks Priya, client care letter signed and the ID check is done. The deposit is my savings plus a gift from my parents. Do you need anything from them?',
      ),
      message(
        priya,
        ago(34, 9, 5),
        "Yes please: a signed **gifted deposit letter** confirming it's a gift and not a loan, a bank statement showing the money leaving their account, and a quick ID check for each of them. I'll send the template now.",
      ),
      message(
        tom,
        ago(27, 20, 48),
        "Hello both. The TA6 and TA10 are filled in on Homeward and my old paper copies are uploaded; I'll sign them once I've found the boiler paperwork. The boiler was serviced in January and the certificate is with the TA6. The washing machine and the garden shed are staying; the mirror in the hall isn't.",
      ),
      message(
        priya,
        ago(24, 15, 30),
        "Thank you Tom. Official copies are in (title **HD412873**, no surprises). I've ordered the searches today:\n\n- Local authority (LLC1 + CON29)\n- Drainage and water (CON29DW)\n- Environmental",
      ),
      message(
        priya,
        ago(12, 10, 15),
        "Drainage and water and environmental searches are back and clear. The council says the local authority search needs about **15 more working days**, so I've marked Searches as blocked. Nothing is wrong with the house: St Albans is simply running behind.",
      ),
      message(
        tom,
        ago(6, 18, 2),
        'Thanks for the update. My conveyancer says the draft contract pack goes out to you this week.',
      ),
      message(
        amelia,
        ago(2, 8, 37),
        "Great, thanks both. I'll book a RICS Level 2 survey as soon as the contract pack is in, and my broker is ready to submit the mortgage application.",
      ),
    ])
  await tx
    .update(messageThreads)
    .set({ lastMessageAt: sql`(select max(created_at) from messages where thread_id = ${general.id})` })
    .where(eq(messageThreads.id, general.id))
  // The three have read the conversation so far: the demo opens without a wall of unread messages.
  await tx.execute(sql`
    insert into thread_reads (thread_id, profile_id, last_read_at)
    select ${general.id}::uuid, p.id, (select max(created_at) from messages where thread_id = ${general.id})
    from unnest(array[${amelia}, ${tom}, ${priya}]::uuid[]) as p(id)
    on conflict (thread_id, profile_id) do nothing`)
  return inserted
}
