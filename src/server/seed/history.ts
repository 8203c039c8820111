/**
 * The demo directory's track record: for every firm, compact historical moves on Homeward (completed,
 * cancelled and live), the firm's two fee earners as their participants, the one document per
 * completed move that the firm delivered (a contract pack, a survey report, a mortgage offer, a
 * memorandum of sale; a few replaced by a version correcting an error), the clients' reviews of
 * completed moves, and a passed Academy Lite course. The accreditation engine then computes every
 * firm's metrics and tier from these rows (features/accreditation), so no figure is set by hand.
 *
 * Each firm's generated figures (organizations.ts, `DemoMetrics`) are targets the history is drawn
 * around: durations spread symmetrically around the target average, cancellations in the target
 * proportion, ratings chosen so their mean approaches the target CSAT. What the engine computes from
 * them may differ a little from a target (a mean of whole-star ratings), and then the engine wins.
 *
 * Rows are generated here, deterministically, and inserted with one `insert ... select from
 * json_to_recordset()` per table: one parameter per table, not per value, which keeps the seed fast
 * on PGlite.
 */
import { sql } from 'drizzle-orm'
import { ACADEMY_COURSES } from '#shared/domain/academy-courses.ts'
import { defaultDocumentAudience } from '#shared/domain/document-audiences.ts'
import type { OrganizationType } from '#shared/domain/organizations.ts'
import type { Tx } from '../db/client'
import type { DemoOrganization } from './organizations'
import { createPrng, type Prng } from './prng'
import { REVIEW_BODIES, REVIEWER_FIRST_NAMES, type ReviewBand } from './review-text'

const DAY_MS = 86_400_000

// prettier-ignore
const FEE_EARNER_SURNAMES = ['Ahmed', 'Barker', 'Clarke', 'Davies', 'Evans', 'Foster', 'Green', 'Hall', 'Iqbal', 'Jones', 'Khan', 'Lewis', 'Mitchell', 'Nolan', 'Owen', 'Price', 'Quinn', 'Roberts', 'Singh', 'Taylor', 'Walker', 'Young']
// prettier-ignore
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Avenue', 'The Green', 'Queens Road', 'North Street', 'Orchard Close', 'Manor Way', 'Kings Road', 'Chapel Street', 'Meadow View', 'Springfield Road']

/** The document a firm of each trade delivers on a move, and the folder it goes in. */
const DELIVERABLE: Record<OrganizationType, { folder: string; filename: string }> = {
  law: { folder: 'Contracts', filename: 'Contract pack.pdf' },
  survey: { folder: 'Property', filename: 'RICS Level 2 survey report.pdf' },
  broker: { folder: 'Mortgage', filename: 'Mortgage offer.pdf' },
  agent: { folder: 'Property', filename: 'Memorandum of sale.pdf' },
}

const PARTICIPANT_ROLE: Record<OrganizationType, string> = {
  law: 'buyer_conveyancer',
  survey: 'surveyor',
  broker: 'mortgage_broker',
  agent: 'estate_agent',
}

/** Column arrays, one per table. */
export interface HistoryRows {
  profiles: { id: string[]; fullName: string[]; email: string[]; createdAt: string[] }
  transactions: {
    id: string[]
    status: string[]
    createdAt: string[]
    updatedAt: string[]
    completionDate: (string | null)[]
  }
  properties: { txId: string[]; line1: string[]; town: string[]; postcode: string[] }
  participants: { txId: string[]; userId: string[]; role: string[]; orgId: string[]; createdAt: string[] }
  documents: {
    txId: string[]
    folder: string[]
    filename: string[]
    version: number[]
    uploadedBy: string[]
    createdAt: string[]
    correctsError: boolean[]
    audience: string[]
  }
  reviews: {
    id: string[]
    orgId: string[]
    txId: string[]
    rating: number[]
    author: string[]
    body: string[]
    createdAt: string[]
  }
  cpd: { profileId: string[]; slug: string[]; title: string[]; minutes: number[]; score: number[]; passedAt: string[] }
}

/** Whole-star ratings, n of them, whose running mean follows `target` (so the mean is within 0.5/n of it), shuffled. */
export function ratingsAround(r: Prng, target: number, n: number): number[] {
  const out: number[] = []
  let sum = 0
  for (let i = 0; i < n; i++) {
    const rating = Math.min(5, Math.max(1, Math.round(target * (i + 1) - sum)))
    out.push(rating)
    sum += rating
  }
  return r.shuffle(out)
}

/** n whole-day durations with mean exactly `mean` (for n >= 2): symmetric pairs around it, at least `min` each. */
export function durationsAround(r: Prng, mean: number, n: number, spread: number, min = 1): number[] {
  const out: number[] = []
  for (let i = 0; i + 1 < n; i += 2) {
    const k = r.int(0, Math.min(spread, mean - min))
    out.push(mean + k, mean - k)
  }
  if (n % 2 === 1) out.push(mean)
  return r.shuffle(out)
}

// Letters used in the inward code of a postcode.
const UNIT = [...'ABDEFGHJLNPQRSTUWXYZ']

const band = (rating: number): ReviewBand => (rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'poor')

/** Generates every firm's history against `now`. Pure and deterministic. */
export function generateHistory(orgs: readonly DemoOrganization[], now: Date): HistoryRows {
  const r = createPrng('homeward-demo-history-v1')
  const iso = (ms: number) => new Date(ms).toISOString()
  const day = (ms: number) => iso(ms).slice(0, 10)
  const rows: HistoryRows = {
    profiles: { id: [], fullName: [], email: [], createdAt: [] },
    transactions: { id: [], status: [], createdAt: [], updatedAt: [], completionDate: [] },
    properties: { txId: [], line1: [], town: [], postcode: [] },
    participants: { txId: [], userId: [], role: [], orgId: [], createdAt: [] },
    documents: {
      txId: [],
      folder: [],
      filename: [],
      version: [],
      uploadedBy: [],
      createdAt: [],
      correctsError: [],
      audience: [],
    },
    reviews: { id: [], orgId: [], txId: [], rating: [], author: [], body: [], createdAt: [] },
    cpd: { profileId: [], slug: [], title: [], minutes: [], score: [], passedAt: [] },
  }
  // Every generated instant falls at 12:00 UTC on its day (yesterday's noon as the anchor), so the
  // date of each is the same in UTC and in London and whole-day differences are exact on every install.
  const nowMs = (Math.floor(now.getTime() / DAY_MS) - 1) * DAY_MS + 12 * 3_600_000
  const realNowMs = now.getTime()

  for (const o of orgs) {
    const m = o.metrics
    const domain = o.contactEmail.split('@')[1]
    const joinedMs = nowMs - o.joinedDaysAgo * DAY_MS
    const earners = [0, 1].map((i) => {
      const first = r.pick(REVIEWER_FIRST_NAMES)
      const last = r.pick(FEE_EARNER_SURNAMES)
      const id = r.uuid()
      rows.profiles.id.push(id)
      rows.profiles.fullName.push(`${first} ${last}`)
      rows.profiles.email.push(
        `${first
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '')}.${last.toLowerCase()}.${i + 1}@${domain}`,
      )
      rows.profiles.createdAt.push(iso(joinedMs))
      return id
    })

    let moveCount = 0
    const addMove = (status: string, agreedMs: number, instructedMs: number, closedMs: number | null) => {
      const txId = r.uuid()
      rows.transactions.id.push(txId)
      rows.transactions.status.push(status)
      rows.transactions.createdAt.push(iso(agreedMs))
      rows.transactions.updatedAt.push(iso(closedMs ?? instructedMs))
      rows.transactions.completionDate.push(status === 'completed' && closedMs !== null ? day(closedMs) : null)
      // Closed moves keep no property row: nobody opens them, and every row costs seed time.
      if (closedMs === null) {
        rows.properties.txId.push(txId)
        rows.properties.line1.push(`${r.int(1, 180)} ${r.pick(STREETS)}`)
        rows.properties.town.push(o.town)
        rows.properties.postcode.push(`${o.postcodeDistrict} ${r.int(1, 9)}${r.pick(UNIT)}${r.pick(UNIT)}`)
      }
      // Alternately, so that both fee earners work on the firm's moves (a team of two: onboarding).
      const earner = earners[moveCount++ % 2]
      rows.participants.txId.push(txId)
      rows.participants.userId.push(earner)
      rows.participants.role.push(PARTICIPANT_ROLE[o.type])
      rows.participants.orgId.push(o.id)
      rows.participants.createdAt.push(iso(instructedMs))
      return { txId, earner }
    }

    // Completed moves: completion dates over the firm's time on Homeward (at most three years).
    const span = Math.min(o.joinedDaysAgo, 1095)
    const durations = durationsAround(r, m.avgDays, m.casesCount, 20, 21)
    const completed: Array<{ txId: string; completedMs: number }> = []
    const faulty = new Set(
      r.shuffle([...Array(m.casesCount).keys()]).slice(0, Math.round((1 - m.documentAccuracy) * m.casesCount)),
    )
    const deliverDays = o.type === 'survey' ? r.int(4, 12) : o.type === 'broker' ? r.int(12, 30) : 0
    const deliverSpread = durationsAround(r, Math.max(deliverDays, 1), m.casesCount, 3, 1)
    durations.forEach((d, i) => {
      const completedMs = nowMs - r.int(4, Math.max(5, span - 1)) * DAY_MS
      const instructedMs = completedMs - d * DAY_MS
      // An agent is on the move from the sale agreed; the others are instructed a few days after it.
      const agreedMs = o.type === 'agent' ? instructedMs : instructedMs - r.int(2, 14) * DAY_MS
      const { txId, earner } = addMove('completed', agreedMs, instructedMs, completedMs)
      completed.push({ txId, completedMs })
      const deliverable = DELIVERABLE[o.type]
      const deliveredMs = instructedMs + (deliverDays ? deliverSpread[i] : r.int(2, 10)) * DAY_MS + 3_600_000
      const push = (version: number, at: number, correctsError: boolean) => {
        rows.documents.txId.push(txId)
        rows.documents.folder.push(deliverable.folder)
        rows.documents.filename.push(deliverable.filename)
        rows.documents.version.push(version)
        rows.documents.uploadedBy.push(earner)
        rows.documents.createdAt.push(iso(at))
        rows.documents.correctsError.push(correctsError)
        // Its kind's default audience (decision 051): no deliverable here is a client's own paper.
        rows.documents.audience.push(defaultDocumentAudience(deliverable.folder, deliverable.filename, null))
      }
      push(1, deliveredMs, false)
      if (faulty.has(i)) push(2, deliveredMs + DAY_MS, true)
    })

    // Cancelled moves in the target proportion of closed ones: cancelled / (completed + cancelled).
    const cancelled = Math.round((m.collapseRate * m.casesCount) / (1 - m.collapseRate))
    for (let i = 0; i < cancelled; i++) {
      const cancelledMs = nowMs - r.int(4, Math.max(5, span - 1)) * DAY_MS
      const instructedMs = cancelledMs - r.int(14, 90) * DAY_MS
      addMove('cancelled', instructedMs - r.int(0, 10) * DAY_MS, instructedMs, cancelledMs)
    }

    // Live moves, instructed in the last four months.
    for (let i = 0; i < m.liveCasesCount; i++) {
      const instructedMs = nowMs - r.int(2, 120) * DAY_MS
      addMove(r.chance(0.2) ? 'exchange' : 'active', instructedMs - r.int(0, 10) * DAY_MS, instructedMs, null)
    }

    // Reviews of completed moves: as many as the directory generated for the firm, rated around its CSAT target.
    const reviewed = r.shuffle(completed).slice(0, o.reviews.length)
    const ratings = ratingsAround(r, m.csat, reviewed.length)
    const used = new Set<string>()
    reviewed.forEach((c, i) => {
      const rating = ratings[i]
      const bodies = REVIEW_BODIES[o.type][band(rating)]
      const fresh = bodies.filter((b) => !used.has(b))
      const body = r.pick(fresh.length ? fresh : bodies)
      used.add(body)
      rows.reviews.id.push(o.reviews[i].id)
      rows.reviews.orgId.push(o.id)
      rows.reviews.txId.push(c.txId)
      rows.reviews.rating.push(rating)
      rows.reviews.author.push(o.reviews[i].authorName)
      rows.reviews.body.push(body)
      rows.reviews.createdAt.push(iso(Math.min(realNowMs - 3_600_000, c.completedMs + r.int(1, 20) * DAY_MS)))
    })

    // Academy Lite: the first fee earner passed a course in the last ten months.
    if (m.academyLiteAccess) {
      const course = r.pick(ACADEMY_COURSES)
      rows.cpd.profileId.push(earners[0])
      rows.cpd.slug.push(course.slug)
      rows.cpd.title.push(course.title)
      rows.cpd.minutes.push(course.cpdMinutes)
      rows.cpd.score.push(r.pick([83, 100]))
      rows.cpd.passedAt.push(iso(nowMs - r.int(3, 300) * DAY_MS))
    }
  }
  return rows
}

/** Column arrays as one JSON text of row objects, for json_to_recordset: one parameter per table. */
function recordset(columns: Record<string, readonly unknown[]>): string {
  const names = Object.keys(columns)
  const n = columns[names[0]].length
  const out = new Array<Record<string, unknown>>(n)
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = {}
    for (const name of names) row[name] = columns[name][i]
    out[i] = row
  }
  return JSON.stringify(out)
}

/** Inserts the history, one statement per table, inside the caller's transaction. Returns the number of moves. */
export async function insertHistory(tx: Tx, rows: HistoryRows): Promise<number> {
  const p = rows.profiles
  await tx.execute(sql`insert into profiles (id, full_name, email, created_at, updated_at)
    select id, full_name, email, created_at, created_at
    from json_to_recordset(${recordset({ id: p.id, full_name: p.fullName, email: p.email, created_at: p.createdAt })}::json)
      as x(id uuid, full_name text, email text, created_at timestamptz)`)
  const t = rows.transactions
  await tx.execute(sql`insert into transactions (id, status, created_at, updated_at, completion_date)
    select id, status, created_at, updated_at, completion_date
    from json_to_recordset(${recordset({
      id: t.id,
      status: t.status,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
      completion_date: t.completionDate,
    })}::json) as x(id uuid, status text, created_at timestamptz, updated_at timestamptz, completion_date date)`)
  const pr = rows.properties
  await tx.execute(sql`insert into properties (transaction_id, address_lines, postcode)
    select tx_id, array[line1, town], postcode
    from json_to_recordset(${recordset({ tx_id: pr.txId, line1: pr.line1, town: pr.town, postcode: pr.postcode })}::json)
      as x(tx_id uuid, line1 text, town text, postcode text)`)
  const pa = rows.participants
  await tx.execute(sql`insert into transaction_participants (transaction_id, user_id, role, organization_id, created_at)
    select tx_id, user_id, role, org_id, created_at
    from json_to_recordset(${recordset({
      tx_id: pa.txId,
      user_id: pa.userId,
      role: pa.role,
      org_id: pa.orgId,
      created_at: pa.createdAt,
    })}::json) as x(tx_id uuid, user_id uuid, role text, org_id uuid, created_at timestamptz)`)
  const d = rows.documents
  await tx.execute(sql`insert into documents (transaction_id, folder, filename, version, uploaded_by, created_at, corrects_error, audience)
    select tx_id, folder, filename, version, uploaded_by, created_at, corrects_error, audience
    from json_to_recordset(${recordset({
      tx_id: d.txId,
      folder: d.folder,
      filename: d.filename,
      version: d.version,
      uploaded_by: d.uploadedBy,
      created_at: d.createdAt,
      corrects_error: d.correctsError,
      audience: d.audience,
    })}::json) as x(tx_id uuid, folder text, filename text, version int, uploaded_by uuid, created_at timestamptz, corrects_error boolean, audience text)`)
  const rv = rows.reviews
  await tx.execute(sql`insert into marketplace_reviews (id, organization_id, transaction_id, rating_int, author_name, body, created_at)
    select id, org_id, tx_id, rating, author, body, created_at
    from json_to_recordset(${recordset({
      id: rv.id,
      org_id: rv.orgId,
      tx_id: rv.txId,
      rating: rv.rating,
      author: rv.author,
      body: rv.body,
      created_at: rv.createdAt,
    })}::json) as x(id uuid, org_id uuid, tx_id uuid, rating int, author text, body text, created_at timestamptz)`)
  const c = rows.cpd
  await tx.execute(sql`insert into cpd_records (profile_id, course_slug, course_title, cpd_minutes, score_percent, passed_at)
    select profile_id, slug, title, minutes, score, passed_at
    from json_to_recordset(${recordset({
      profile_id: c.profileId,
      slug: c.slug,
      title: c.title,
      minutes: c.minutes,
      score: c.score,
      passed_at: c.passedAt,
    })}::json) as x(profile_id uuid, slug text, title text, minutes int, score int, passed_at timestamptz)`)
  return t.id.length
}
