/**
 * Every self-ticking path leaves what a manual tick of the same task leaves (tick-task.ts: the one
 * `tickTask`). For each path, two moves A and B are set up the same way, with the target task the
 * last open task of its stage where the path allows it (the other tasks ticked directly in the
 * database, identically on A and B); A ticks the task through the path's API endpoint, B through
 * PATCH /api/transactions/{txId}/tasks/{taskId} as a person allowed to tick it. Then one function
 * reads what the tick caused on each move (task, stage, the other tasks, 'task.*' and 'sla.*' audit
 * entries, queued 'task.completed' webhook deliveries, the notifications tickTask sends, the SLA
 * clocks) with the ids that necessarily differ replaced by labels, and the two must be equal.
 * Effects of the path that are not the tick's (the record's own audit entry, its documents, emails
 * and notifications such as 'funds_review' or 'survey_update', an enquiry's own reply clock) are
 * left out by kind; see `tickEffects`. A second table does the same for the paths that untick
 * (CDD referred, funds 'more info', a new enquiry reopening "Replies to pre-contract enquiries
 * sent") against a manual untick.
 *
 * Tasks that refuse a manual tick (src/shared/domain/self-ticking-tasks.ts: the CDD tasks both ways,
 * the source of funds and TA6/TA10 ticks) are renamed on B first, to a title that is neither
 * self-ticking nor a title an SLA clock starts or stops on, so that the twin tick still goes through
 * the manual route; the comparison is then made modulo the title. None of these titles starts or
 * stops an SLA clock (CLOCK_TITLES below, checked in renameTwin), so the clocks compare as they are.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { exampleAnswers } from '#shared/domain/property-forms.ts'
import { selfTickingRule } from '#shared/domain/self-ticking-tasks.ts'
import { addDays, londonToInstant, londonWallClock, SURVEY_TERMS_VERSION } from '#shared/domain/surveys.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { CLOCK_STOP_TASK_TITLES } from '#server/core/clocks/clock-sync.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { makePdf } from '#server/test/test-files.ts'

const t = useTestApp()

let buyer: TestUser
let seller: TestUser
let buyerConveyancer: TestUser
let sellerConveyancer: TestUser
let broker: TestUser
let agent: TestUser
let surveyor: TestUser
let level2: string
let people: Map<string, string>
let webhookEndpointId: string

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text.slice(0, 500)).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

/** The titles SLA clocks start or stop on (clock-sync.ts), which a renamed twin task must not take. */
const CLOCK_TITLES = new Set<string>([
  ...Object.values(CLOCK_STOP_TASK_TITLES),
  TASK_TITLES.sellerInstructed,
  TASK_TITLES.localSearchOrdered,
  TASK_TITLES.searchesBack,
  TASK_TITLES.enquiriesSatisfied,
  TASK_TITLES.mortgageOffer,
])
const TWIN_SUFFIX = ' (ticked by hand in this test)'

const TITLES = {
  buyerInstructed: "Buyer's conveyancer instructed and client care letter signed",
  sstc: 'Offer accepted and property marked sold subject to contract (SSTC)',
  officialCopies: 'Official copies of the register and title plan obtained from HM Land Registry',
  mortgageApplication: 'Mortgage application submitted to the lender',
  valuation: "Lender's valuation carried out",
  surveyInstructed: 'RICS Home Survey instructed (Level 1, 2 or 3)',
  surveyDelivered: 'RICS survey report delivered to the buyer',
} as const

interface Move {
  txId: string
  /** Set by the survey row's set-up. */
  bookingId?: string
  /** Documents and enquiries made by the set-up, for the path's step. */
  documentId?: string
  enquiryIds?: string[]
}

async function newMove(): Promise<Move> {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer', invitedBy: buyer.profileId },
      { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer', invitedBy: seller.profileId },
      { profileId: broker.profileId, role: 'mortgage_broker', invitedBy: buyer.profileId },
      { profileId: agent.profileId, role: 'estate_agent', invitedBy: seller.profileId },
    ],
  })
  return { txId: transactionId }
}

async function taskByTitle(txId: string, title: string) {
  const [row] = await t.database.query<{ id: string; version: number; status: string; stage_id: string }>(
    `select k.id, k.version, k.status, k.stage_id from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.title = $2 order by s.sort_index, k.sort_index limit 1`,
    [txId, title],
  )
  if (!row) throw new Error(`no task “${title}” on ${txId}`)
  return row
}

/** Ticks tasks straight in the database (no side effects), `daysAgo` back when given. */
async function tickInDatabase(txId: string, ticks: readonly DbTick[]) {
  for (const { title, daysAgo = 0 } of ticks) {
    await t.database.query(
      `update tasks k set status = 'completed', completed_at = now() - make_interval(days => $3::int),
         version = k.version + 1, updated_at = now()
       from timeline_stages s where s.id = k.stage_id and s.transaction_id = $1 and k.title = $2`,
      [txId, title, daysAgo],
    )
  }
}

function manualTick(as: TestUser, txId: string, task: { id: string; version: number }, status: string) {
  return t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
    as,
    method: 'PATCH',
    json: { status, version: task.version },
  })
}

// --- the paths' own steps, through the API as their integration tests take them ---

const cddUrl = (txId: string) => `/api/transactions/${txId}/cdd/${buyer.profileId}`

/** Opens the buyer's CDD record and records reliance (reg 39), so that it can be approved. */
async function readyCdd(m: Move) {
  await json(await t.request(cddUrl(m.txId), { as: buyerConveyancer, method: 'POST' }), 201)
  await t.sandboxWebhooks.flush()
  await json(
    await t.request(`${cddUrl(m.txId)}/reliance`, {
      as: buyerConveyancer,
      method: 'PUT',
      json: { firm_name: 'Smith & Co LLP', consent_on: '2026-11-20', note: 'Consent by letter from J Smith.' },
    }),
    200,
  )
}

const decideCdd = async (m: Move, decision: 'approve' | 'refer') =>
  void (await json(
    await t.request(`${cddUrl(m.txId)}/decision`, {
      as: buyerConveyancer,
      json: { decision, note: decision === 'approve' ? 'Reliance on Smith & Co.' : 'Second look at the address.' },
    }),
    200,
  ))

const reviewFunds = async (m: Move, decision: 'satisfied' | 'more_info') =>
  void (await json(
    await t.request(`/api/transactions/${m.txId}/funds/review`, {
      as: buyerConveyancer,
      json: decision === 'satisfied' ? { decision } : { decision, note: 'Please show the gift letter.' },
    }),
    200,
  ))

/** Answers every section of the form as the seller, as property-forms.integration.test.ts does. */
async function fillForm(m: Move, form: 'ta6' | 'ta10') {
  const model = formModel(form)
  const answers = exampleAnswers(model, { prefer: 'Yes' })
  for (const s of model.sections) {
    await json(
      await t.request(`/api/transactions/${m.txId}/forms/${form}/sections/${s.key}`, {
        as: seller,
        method: 'PUT',
        json: { answers },
      }),
      200,
    )
  }
}

const signForm = async (m: Move, form: 'ta6' | 'ta10') =>
  void (await json(
    await t.request(`/api/transactions/${m.txId}/forms/${form}/sign`, {
      as: seller,
      json: { typed_name: seller.name, confirm: true },
    }),
    201,
  ))

const today = londonWallClock(new Date()).date
let slot = 0
/** Books a Level 2 survey with the surveyor (who joins the move) and uploads the report to Property. */
async function bookSurvey(m: Move) {
  slot += 1
  const startsAt = londonToInstant(addDays(today, 9 + slot), 600).toISOString()
  const booking = await json<{ id: string }>(
    await t.request(`/api/transactions/${m.txId}/surveys/bookings`, {
      as: buyer,
      json: {
        product_id: level2,
        surveyor_id: surveyor.profileId,
        starts_at: startsAt,
        payment_method: 'pm_sandbox_card_4242424242424242',
        terms_version: SURVEY_TERMS_VERSION,
        accept_terms: true,
      },
    }),
    201,
  )
  const up = await t.app.request(`/api/transactions/${m.txId}/documents?folder=Property&filename=Survey.pdf`, {
    method: 'POST',
    headers: {
      cookie: surveyor.cookie,
      origin: new URL(t.config.publicUrl).origin,
      'content-type': 'application/octet-stream',
    },
    body: new Uint8Array(await makePdf('RICS Home Survey Level 2 report')),
  })
  m.bookingId = booking.id
  m.documentId = (await json<{ id: string }>(up, 201)).id
}

async function raiseEnquiry(m: Move, body: string) {
  const { ids } = await json<{ ids: string[] }>(
    await t.request(`/api/transactions/${m.txId}/enquiries`, {
      as: buyerConveyancer,
      json: { enquiries: [{ category: 'title', body }] },
    }),
    201,
  )
  m.enquiryIds = [...(m.enquiryIds ?? []), ...ids]
}

const replyToEnquiry = async (m: Move) =>
  void (await json(
    await t.request(`/api/transactions/${m.txId}/enquiries/${m.enquiryIds![0]}/replies`, {
      as: sellerConveyancer,
      json: { version: 1, body: 'Official copies attached.' },
    }),
    201,
  ))

async function raiseAndReply(m: Move) {
  await raiseEnquiry(m, 'Please supply the FENSA certificate.')
  await replyToEnquiry(m)
}

// --- what a tick caused ---

/** Just before the tick: the last audit seq and the ids of the move's notifications and deliveries. */
interface Mark {
  seq: string
  notificationIds: Set<string>
  deliveryIds: Set<string>
  taskVersion: number
}

async function markBefore(txId: string, taskId: string): Promise<Mark> {
  const [{ seq }] = await t.database.query<{ seq: string }>(
    'select coalesce(max(seq), 0)::text as seq from activity_events where transaction_id = $1',
    [txId],
  )
  const notes = await t.database.query<{ id: string }>('select id from notifications where transaction_id = $1', [txId])
  const deliveries = await t.database.query<{ id: string }>(
    'select id from webhook_deliveries where transaction_id = $1',
    [txId],
  )
  const [task] = await t.database.query<{ version: number }>('select version from tasks where id = $1', [taskId])
  return {
    seq,
    notificationIds: new Set(notes.map((n) => n.id)),
    deliveryIds: new Set(deliveries.map((d) => d.id)),
    taskVersion: task.version,
  }
}

/** An audit entry of the tick: a task's (its ids and the summary's opening) or a clock alert's (its type). */
interface AuditEffect {
  kind: string
  actor: unknown
  taskId?: unknown
  stageId?: unknown
  opening?: string
  clockType?: unknown
}

/** The notification kinds tickTask sends: stage complete, someone's task unticked, clock alerts. */
const TICK_NOTIFICATION_KINDS = ['stage_completed', 'task_reopened', 'sla_due_soon', 'sla_breached']
/** The audit kinds tickTask records (directly, or through the clock alerts). */
const TICK_AUDIT_KINDS = ['task.completed', 'task.reopened', 'sla.due_soon', 'sla.breached']

/**
 * What the tick of `taskId` caused on the move, with ids replaced by labels ('move', 'task',
 * 'stage', 'actor' for whoever ticked, other people by their part) and a renamed twin's title put
 * back, so that A's and B's can be compared with toEqual.
 */
async function tickEffects(m: Move, taskId: string, mark: Mark, actor: TestUser, twinTitle?: string) {
  const [task] = await t.database.query<{
    title: string
    status: string
    version: number
    completed_by: string | null
    completed_at: Date | null
    stage_id: string
    stage_status: string
    percent_complete: number
    stage_name: string
  }>(
    `select k.title, k.status, k.version, k.completed_by, k.completed_at, k.stage_id, s.status as stage_status,
       s.percent_complete, s.stage_name
     from tasks k join timeline_stages s on s.id = k.stage_id where k.id = $1`,
    [taskId],
  )
  const original = twinTitle ? task.title.slice(0, -TWIN_SUFFIX.length) : task.title
  const label = (id: unknown): unknown => {
    if (id === null || id === undefined) return id
    if (id === m.txId) return 'move'
    if (id === taskId) return 'task'
    if (id === task.stage_id) return 'stage'
    if (id === actor.profileId) return 'actor'
    return people.get(String(id)) ?? 'other'
  }
  const text = (s: string | null) => (s && twinTitle ? s.split(task.title).join(original) : s)

  // Every task of the move by position: the tick changes the target's status only.
  const timeline = await t.database.query<{ stage: number; sort: number; status: string }>(
    `select s.sort_index as stage, k.sort_index as sort, k.status from tasks k
     join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1 order by 1, 2`,
    [m.txId],
  )
  const stages = await t.database.query<{ sort: number; status: string; percent: number }>(
    `select sort_index as sort, status, percent_complete as percent from timeline_stages
     where transaction_id = $1 order by 1`,
    [m.txId],
  )

  const audit = await t.database.query<{
    kind: string
    actor_id: string | null
    summary: string
    payload: Record<string, unknown>
  }>(
    `select kind, actor_id, summary, payload from activity_events
     where transaction_id = $1 and seq > $2::bigint and kind = any($3) order by seq`,
    [m.txId, mark.seq, TICK_AUDIT_KINDS],
  )
  const summaries = audit.filter((a) => a.kind.startsWith('task.')).map((a) => text(a.summary)!)

  const deliveries = (
    await t.database.query<{ id: string; event_type: string; endpoint_id: string; body: string }>(
      `select id, event_type, endpoint_id, body from webhook_deliveries where transaction_id = $1 and event_type = 'task.completed'
       order by created_at, id`,
      [m.txId],
    )
  ).filter((d) => !mark.deliveryIds.has(d.id))

  const notes = (
    await t.database.query<{
      id: string
      kind: string
      profile_id: string
      actor_id: string | null
      title: string
      emailed: boolean
    }>(
      `select id, kind, profile_id, actor_id, title, emailed_at is not null as emailed from notifications
       where transaction_id = $1 and kind = any($2) order by kind, title`,
      [m.txId, TICK_NOTIFICATION_KINDS],
    )
  ).filter((n) => !mark.notificationIds.has(n.id))
  const byKind = new Map<
    string,
    { kind: string; title: string | null; actor: unknown; recipients: number; emailed: number }
  >()
  for (const n of notes) {
    const key = `${n.kind}|${n.title}`
    const entry = byKind.get(key) ?? {
      kind: n.kind,
      title: text(n.title),
      actor: label(n.actor_id),
      recipients: 0,
      emailed: 0,
    }
    entry.recipients += 1
    if (n.emailed) entry.emailed += 1
    byKind.set(key, entry)
  }

  // Task-driven clocks, by state. An enquiry's own reply clock (enquiry_id set) starts and stops
  // with the enquiry (raising, replying), not with a task, so it is not the tick's.
  const clocks = await t.database.query<{
    clock_type: string
    side: string
    stopped: boolean
    cancelled: boolean
    due_soon_alerted: boolean
    breach_alerted: boolean
    open_pauses: number
  }>(
    `select clock_type, side, stopped_at is not null as stopped, cancelled_at is not null as cancelled,
       due_soon_notified_at is not null as due_soon_alerted, breached_notified_at is not null as breach_alerted,
       (select count(*)::int from sla_clock_pauses p where p.clock_id = c.id and p.resumed_at is null) as open_pauses
     from sla_clocks c where transaction_id = $1 and enquiry_id is null order by clock_type`,
    [m.txId],
  )

  return {
    summaries,
    recipientsByKind: notes.reduce<Record<string, string[]>>((acc, n) => {
      ;(acc[n.kind] ??= []).push(String(label(n.profile_id)))
      acc[n.kind].sort()
      return acc
    }, {}),
    effects: {
      task: {
        title: original,
        status: task.status,
        completedBy: label(task.completed_by),
        completedAtSet: task.completed_at !== null,
        versionIncrement: task.version - mark.taskVersion,
      },
      stage: { name: task.stage_name, status: task.stage_status, percent: task.percent_complete },
      timeline: timeline.map((k) => `${k.stage}.${k.sort} ${k.status}`),
      stages: stages.map((s) => `${s.sort} ${s.status} ${s.percent}`),
      audit: audit.map((a): AuditEffect =>
        a.kind.startsWith('task.')
          ? {
              kind: a.kind,
              actor: label(a.actor_id),
              taskId: label(a.payload.taskId),
              stageId: label(a.payload.stageId),
              opening: text(a.summary)!.split('”')[0] + '”',
            }
          : { kind: a.kind, actor: label(a.actor_id), clockType: a.payload.clockType },
      ),
      webhooks: deliveries.map((d) => {
        const body = JSON.parse(d.body) as { type: string; data: Record<string, unknown> }
        return {
          eventType: d.event_type,
          type: body.type,
          endpoint: d.endpoint_id === webhookEndpointId ? "the buyer's endpoint" : 'other',
          transactionId: label(body.data.transaction_id),
          taskId: label(body.data.taskId),
          stageId: label(body.data.stageId),
          actor: label(body.data.actor_id),
        }
      }),
      notifications: [...byKind.values()],
      clocks,
    },
  }
}

// --- the table ---

interface DbTick {
  title: string
  daysAgo?: number
}

interface Row {
  path: string
  /** The task the path ticks. */
  title: string
  /** Who acts on A (the path) and who ticks by hand on B. */
  pathActor: () => TestUser
  manualActor: () => TestUser
  /** The stage's other tasks, ticked in the database on A and B before `prepare`. */
  dbTicks: DbTick[]
  /** The same on A and B: what the path needs before its step. */
  prepare?: (m: Move) => Promise<void>
  /** The path's step on A. */
  selfTick: (m: Move) => Promise<void>
  /** A manual tick of this title is refused (self-ticking-tasks.ts): B's task is renamed first. */
  renameOnB?: boolean
  /** Whether the tick completes the stage (only where the path's record allows every other task ticked). */
  completesStage: boolean
  /** Task-driven clocks after the tick, by type: 'running', 'stopped', plus ' alerted' for a breach alert. */
  clocks: Record<string, string>
  /**
   * The path's reason is the buyer's firm's only (a CDD decision, a source-of-funds review: decision
   * 052), so its tick's audit entry is narrowed to the firm, and the buyer's own webhook endpoint does
   * not hear of it; everything else is as a manual tick's.
   */
  reasonFirmOnly?: boolean
}

/**
 * The contract pack clock starts on the seller's conveyancer's instruction (the task, or their joining
 * the move, whichever is first) at the first clock sync of a move: here always the tick itself.
 */
const CONTRACT_PACK_RUNNING = { contract_pack: 'running' }

const TICK_ROWS: Row[] = [
  {
    path: 'CDD approved (POST .../cdd/{profileId}/decision)',
    title: CDD_TASK_TITLES.buyer,
    pathActor: () => buyerConveyancer,
    manualActor: () => buyerConveyancer,
    // The seller's conveyancer instructed 30 days ago: the contract pack clock starts at the tick, breached.
    dbTicks: [
      { title: TITLES.buyerInstructed },
      { title: TASK_TITLES.sellerInstructed, daysAgo: 30 },
      { title: CDD_TASK_TITLES.seller },
      { title: TASK_TITLES.sourceOfFunds },
    ],
    prepare: readyCdd,
    selfTick: (m) => decideCdd(m, 'approve'),
    reasonFirmOnly: true,
    renameOnB: true,
    completesStage: true,
    clocks: { contract_pack: 'running alerted' },
  },
  {
    path: 'source of funds satisfied (POST .../funds/review)',
    title: TASK_TITLES.sourceOfFunds,
    pathActor: () => buyerConveyancer,
    manualActor: () => buyerConveyancer,
    dbTicks: [
      { title: TITLES.buyerInstructed },
      { title: TASK_TITLES.sellerInstructed, daysAgo: 30 },
      { title: CDD_TASK_TITLES.buyer },
      { title: CDD_TASK_TITLES.seller },
    ],
    selfTick: (m) => reviewFunds(m, 'satisfied'),
    reasonFirmOnly: true,
    renameOnB: true,
    completesStage: true,
    clocks: { contract_pack: 'running alerted' },
  },
  {
    path: 'TA6 signed by the seller (POST .../forms/ta6/sign)',
    title: TASK_TITLES.ta6Form,
    pathActor: () => seller,
    manualActor: () => seller,
    // The contract pack is sent already: its clock starts and stops at the tick.
    dbTicks: [
      { title: TASK_TITLES.ta10Form },
      { title: TITLES.officialCopies },
      { title: TASK_TITLES.contractPackSent },
    ],
    prepare: (m) => fillForm(m, 'ta6'),
    selfTick: (m) => signForm(m, 'ta6'),
    renameOnB: true,
    completesStage: true,
    clocks: { contract_pack: 'stopped' },
  },
  {
    path: 'TA10 signed by the seller (POST .../forms/ta10/sign)',
    title: TASK_TITLES.ta10Form,
    pathActor: () => seller,
    manualActor: () => seller,
    dbTicks: [
      { title: TASK_TITLES.ta6Form },
      { title: TITLES.officialCopies },
      { title: TASK_TITLES.contractPackSent },
    ],
    prepare: (m) => fillForm(m, 'ta10'),
    selfTick: (m) => signForm(m, 'ta10'),
    renameOnB: true,
    completesStage: true,
    clocks: { contract_pack: 'stopped' },
  },
  {
    path: 'memorandum of sale issued (POST /api/portfolio/sales/{txId}/memorandum)',
    title: TASK_TITLES.memorandumOfSale,
    pathActor: () => agent,
    manualActor: () => agent,
    dbTicks: [{ title: TASK_TITLES.decisionInPrinciple }, { title: TITLES.sstc }],
    selfTick: async (m) =>
      void (await json(
        await t.request(`/api/portfolio/sales/${m.txId}/memorandum`, {
          as: agent,
          json: { buyer_position: 'chain_free', funding: 'mortgage' },
        }),
        201,
      )),
    completesStage: true,
    clocks: CONTRACT_PACK_RUNNING,
  },
  {
    path: 'DIP recorded by the broker (POST /api/mortgages/{txId}/dips)',
    title: TASK_TITLES.decisionInPrinciple,
    pathActor: () => broker,
    // A 'buyer_side' task: the broker cannot tick it by hand, the buyer can.
    manualActor: () => buyer,
    dbTicks: [{ title: TITLES.sstc }, { title: TASK_TITLES.memorandumOfSale }],
    selfTick: async (m) =>
      void (await json(
        await t.request(`/api/mortgages/${m.txId}/dips`, {
          as: broker,
          json: {
            lender: 'Nationwide',
            amount_pence: 280_000_00,
            term_months: 300,
            reference: 'NBS-123',
            issued_on: '2026-11-01',
            expires_on: '2027-01-30',
          },
        }),
        201,
      )),
    completesStage: true,
    clocks: CONTRACT_PACK_RUNNING,
  },
  {
    path: 'survey report released (POST /api/schedule/bookings/{id}/report/ready, then .../report/release)',
    title: TITLES.surveyDelivered,
    pathActor: () => surveyor,
    manualActor: () => surveyor,
    // The mortgage offer came 40 days ago: the offer-to-exchange clock starts at the tick, breached.
    dbTicks: [
      { title: TITLES.mortgageApplication },
      { title: TITLES.valuation },
      { title: TASK_TITLES.mortgageOffer, daysAgo: 40 },
      { title: TITLES.surveyInstructed },
    ],
    prepare: bookSurvey,
    selfTick: async (m) => {
      await json(
        await t.request(`/api/schedule/bookings/${m.bookingId}/report/ready`, {
          as: surveyor,
          json: { document_id: m.documentId },
        }),
        200,
      )
      // The visit has happened: a report is released only on or after its date.
      await t.database.query(
        `update survey_bookings set starts_at = starts_at - interval '40 days', ends_at = ends_at - interval '40 days',
         blocked_until = blocked_until - interval '40 days' where id = $1`,
        [m.bookingId],
      )
      await json(
        await t.request(`/api/schedule/bookings/${m.bookingId}/report/release`, { as: surveyor, method: 'POST' }),
        200,
      )
    },
    completesStage: true,
    clocks: { ...CONTRACT_PACK_RUNNING, mortgage_offer_to_exchange: 'running alerted' },
  },
  {
    // Raising leaves "replies sent" and "enquiries satisfied" open (their records say so), so the
    // stage cannot complete on this tick.
    path: 'enquiries raised (POST .../enquiries)',
    title: TASK_TITLES.enquiriesRaised,
    pathActor: () => buyerConveyancer,
    manualActor: () => buyerConveyancer,
    dbTicks: [{ title: TASK_TITLES.reportOnTitle }],
    selfTick: (m) => raiseEnquiry(m, 'Please supply the FENSA certificate.'),
    completesStage: false,
    clocks: CONTRACT_PACK_RUNNING,
  },
  {
    // "Enquiries satisfied" cannot be ticked while a reply is missing: the stage stays open.
    path: 'enquiry answered (POST .../enquiries/{id}/replies)',
    title: TASK_TITLES.repliesSent,
    pathActor: () => sellerConveyancer,
    manualActor: () => sellerConveyancer,
    dbTicks: [{ title: TASK_TITLES.reportOnTitle }],
    prepare: (m) => raiseEnquiry(m, 'Please supply the FENSA certificate.'),
    selfTick: replyToEnquiry,
    completesStage: false,
    clocks: CONTRACT_PACK_RUNNING,
  },
  {
    // Searches back and the report on title sent: the report-on-title clock starts and stops at the tick.
    path: 'enquiry satisfied (POST .../enquiries/{id}/status)',
    title: TASK_TITLES.enquiriesSatisfied,
    pathActor: () => buyerConveyancer,
    manualActor: () => buyerConveyancer,
    dbTicks: [{ title: TASK_TITLES.reportOnTitle }, { title: TASK_TITLES.searchesBack }],
    prepare: raiseAndReply,
    selfTick: async (m) =>
      void (await json(
        await t.request(`/api/transactions/${m.txId}/enquiries/${m.enquiryIds![0]}/status`, {
          as: buyerConveyancer,
          json: { version: 2, status: 'satisfied' },
        }),
        200,
      )),
    completesStage: true,
    clocks: { ...CONTRACT_PACK_RUNNING, report_on_title: 'stopped' },
  },
]

beforeAll(async () => {
  ;[buyer, seller, buyerConveyancer, sellerConveyancer, broker, agent, surveyor] = await Promise.all([
    t.signUp({ role: 'buyer', name: 'Bea Buyer' }),
    t.signUp({ role: 'seller', name: 'Sam Seller' }),
    t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' }),
    t.signUp({ role: 'conveyancer', name: 'Seth Sellerside' }),
    t.signUp({ role: 'broker', name: 'Bob Broker' }),
    t.signUp({ role: 'agent', name: 'Jordan Agent' }),
    t.signUp({ role: 'surveyor', name: 'Sally Surveyor' }),
  ])
  people = new Map([
    [buyer.profileId, 'buyer'],
    [seller.profileId, 'seller'],
    [buyerConveyancer.profileId, 'buyer_conveyancer'],
    [sellerConveyancer.profileId, 'seller_conveyancer'],
    [broker.profileId, 'mortgage_broker'],
    [agent.profileId, 'estate_agent'],
    [surveyor.profileId, 'surveyor'],
  ])
  // The surveyor's firm, products and hours (every day 08:00-18:00), as surveys.integration.test.ts sets them.
  await json(
    await t.request('/api/firm', {
      as: surveyor,
      json: { name: 'Hertford Surveys', town: 'St Albans', postcode_district: 'AL1', contact_email: surveyor.email },
    }),
    201,
  )
  const products = await json<{ products: { id: string; kind: string }[] }>(
    await t.request('/api/schedule/products', {
      as: surveyor,
      method: 'PUT',
      json: { products: [{ kind: 'rics_level_2', price_pence: 595_00, duration_minutes: 180, active: true }] },
    }),
    200,
  )
  level2 = products.products.find((p) => p.kind === 'rics_level_2')!.id
  await json(
    await t.request('/api/schedule/coverage', { as: surveyor, method: 'PUT', json: { districts: ['AL1'] } }),
    200,
  )
  await json(
    await t.request('/api/schedule/availability', {
      as: surveyor,
      method: 'PUT',
      json: {
        travel_buffer_minutes: 30,
        notice_hours: 24,
        hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 480, end_minute: 1080 })),
        days_off: [],
      },
    }),
    200,
  )
  // The buyer's webhook endpoint: an account's endpoint sees that account's moves (all of them here).
  const hook = await json<{ endpoint: { id: string } }>(
    await t.request('/api/webhook-endpoints', {
      as: buyer,
      json: { url: 'http://127.0.0.1:9/hooks', description: 'Case system', event_types: ['task.completed'] },
    }),
    201,
  )
  webhookEndpointId = hook.endpoint.id
})

/** Two moves set up alike for the row: the stage's other tasks ticked in the database, then the path's set-up. */
async function twinMoves(row: { dbTicks: DbTick[]; prepare?: (m: Move) => Promise<void> }) {
  const a = await newMove()
  const b = await newMove()
  for (const m of [a, b]) {
    await tickInDatabase(m.txId, row.dbTicks)
    await row.prepare?.(m)
  }
  return { a, b }
}

/** Renames B's task to a title that ticks nothing else and that the manual route accepts. */
async function renameTwin(txId: string, taskId: string, title: string) {
  const twin = title + TWIN_SUFFIX
  expect(selfTickingRule(twin)).toBeNull()
  expect(CLOCK_TITLES.has(twin)).toBe(false)
  await t.database.query(
    `update tasks k set title = $3 from timeline_stages s
     where s.id = k.stage_id and s.transaction_id = $1 and k.id = $2`,
    [txId, taskId, twin],
  )
  return twin
}

describe('every self-ticking path leaves what a manual tick of the same task leaves', () => {
  it.each(TICK_ROWS)('$path', async (row) => {
    const { a, b } = await twinMoves(row)
    const taskA = await taskByTitle(a.txId, row.title)
    const taskB = await taskByTitle(b.txId, row.title)
    expect([taskA.status, taskB.status]).toEqual(['not_completed', 'not_completed'])
    // The manual route refuses these titles (422), so B's twin is renamed (see the file's header).
    if (row.renameOnB) {
      expect((await manualTick(row.manualActor(), b.txId, taskB, 'completed')).status).toBe(422)
    }
    const twin = row.renameOnB ? await renameTwin(b.txId, taskB.id, row.title) : undefined

    const markA = await markBefore(a.txId, taskA.id)
    await row.selfTick(a)
    const markB = await markBefore(b.txId, taskB.id)
    await json(await manualTick(row.manualActor(), b.txId, taskB, 'completed'), 200)

    const effectsA = await tickEffects(a, taskA.id, markA, row.pathActor())
    const effectsB = await tickEffects(b, taskB.id, markB, row.manualActor(), twin)
    const { webhooks: webhooksA, ...restA } = effectsA.effects
    const { webhooks: webhooksB, ...restB } = effectsB.effects
    expect(restA).toEqual(restB)
    if (row.reasonFirmOnly) expect(webhooksA).toEqual([])
    else expect(webhooksA).toEqual(webhooksB)

    // What both show (the manual tick's webhooks), so that the comparison is not of two empty sets.
    const e = effectsB.effects
    expect(e.task).toMatchObject({
      status: 'completed',
      completedBy: 'actor',
      completedAtSet: true,
      versionIncrement: 1,
    })
    expect(e.audit.filter((x) => x.kind === 'task.completed')).toEqual([
      { kind: 'task.completed', actor: 'actor', taskId: 'task', stageId: 'stage', opening: `ticked “${row.title}”` },
    ])
    expect(e.webhooks).toEqual([
      {
        eventType: 'task.completed',
        type: 'task.completed',
        endpoint: "the buyer's endpoint",
        transactionId: 'move',
        taskId: 'task',
        stageId: 'stage',
        actor: 'actor',
      },
    ])
    // The manual tick's summary has no reason; the path's adds its own after the task and its stage.
    const plain = `ticked “${row.title}” (${e.stage.name})`
    expect(effectsB.summaries).toEqual([plain])
    expect(effectsA.summaries).toHaveLength(1)
    expect(effectsA.summaries[0].startsWith(plain)).toBe(true)
    expect(effectsA.summaries[0].length).toBeGreaterThan(plain.length)

    const stageDone = e.notifications.filter((n) => n.kind === 'stage_completed')
    if (row.completesStage) {
      expect(e.stage).toMatchObject({ status: 'completed', percent: 100 })
      expect(stageDone).toEqual([
        expect.objectContaining({
          title: `${e.stage.name} is complete`,
          actor: 'actor',
          recipients: expect.any(Number),
        }),
      ])
      // Everyone on the move but the person who ticked.
      const everyone = ['buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer', 'mortgage_broker', 'estate_agent']
      if (row.title === TITLES.surveyDelivered) everyone.push('surveyor')
      const others = everyone.filter((p) => p !== people.get(row.pathActor().profileId)).sort()
      expect(effectsA.recipientsByKind.stage_completed).toEqual(others)
      expect(stageDone[0].recipients).toBe(everyone.length - 1)
    } else {
      expect(e.stage.status).toBe('in_progress')
      expect(stageDone).toEqual([])
    }
    expect(e.notifications.filter((n) => n.kind === 'task_reopened')).toEqual([])

    const clockStates = Object.fromEntries(
      e.clocks.map((c) => [c.clock_type, (c.stopped ? 'stopped' : 'running') + (c.breach_alerted ? ' alerted' : '')]),
    )
    expect(clockStates).toEqual(row.clocks)
    const breached = Object.entries(row.clocks).filter(([, s]) => s.endsWith('alerted'))
    expect(e.notifications.filter((n) => n.kind === 'sla_breached')).toHaveLength(breached.length)
    expect(e.audit.filter((x) => x.kind === 'sla.breached').map((x) => x.clockType)).toEqual(
      breached.map(([type]) => type),
    )
  })
})

interface UntickRow {
  path: string
  title: string
  /** Who acts on A (the path) and who unticks by hand on B. */
  pathActor: () => TestUser
  manualActor: () => TestUser
  dbTicks: DbTick[]
  /** The same on A and B: ticks the task through the path (completing its stage where it can). */
  prepare: (m: Move) => Promise<void>
  /** The path's step on A that unticks the task. */
  selfUntick: (m: Move) => Promise<void>
  /** A manual untick of this title is refused (the CDD tasks): B's task is renamed first. */
  renameOnB?: boolean
  /** The stage was complete before the untick (and reopens). */
  reopensStage: boolean
  /**
   * Who is told 'task_reopened' on A only. The path's actor may differ from the one person allowed
   * to untick the task by hand, who completed it themselves and so is told nothing on B.
   */
  reopenedNoticeOnAOnly?: string
  clocks: Record<string, string>
}

const UNTICK_ROWS: UntickRow[] = [
  {
    path: 'CDD no longer approved (decision: refer)',
    title: CDD_TASK_TITLES.buyer,
    pathActor: () => buyerConveyancer,
    manualActor: () => buyerConveyancer,
    dbTicks: [
      { title: TITLES.buyerInstructed },
      { title: TASK_TITLES.sellerInstructed, daysAgo: 30 },
      { title: CDD_TASK_TITLES.seller },
      { title: TASK_TITLES.sourceOfFunds },
    ],
    prepare: async (m) => {
      await readyCdd(m)
      await decideCdd(m, 'approve')
    },
    selfUntick: (m) => decideCdd(m, 'refer'),
    renameOnB: true,
    reopensStage: true,
    clocks: { contract_pack: 'running alerted' },
  },
  {
    path: 'source of funds: more information requested (decision: more_info)',
    title: TASK_TITLES.sourceOfFunds,
    pathActor: () => buyerConveyancer,
    manualActor: () => buyerConveyancer,
    dbTicks: [
      { title: TITLES.buyerInstructed },
      { title: TASK_TITLES.sellerInstructed, daysAgo: 30 },
      { title: CDD_TASK_TITLES.buyer },
      { title: CDD_TASK_TITLES.seller },
    ],
    prepare: (m) => reviewFunds(m, 'satisfied'),
    selfUntick: (m) => reviewFunds(m, 'more_info'),
    reopensStage: true,
    clocks: { contract_pack: 'running alerted' },
  },
  {
    // The buyer's conveyancer raises the new enquiry; only the seller's conveyancer, who ticked
    // "replies sent" by answering, may untick it by hand.
    path: "a new enquiry reopens 'Replies to pre-contract enquiries sent'",
    title: TASK_TITLES.repliesSent,
    pathActor: () => buyerConveyancer,
    manualActor: () => sellerConveyancer,
    dbTicks: [{ title: TASK_TITLES.reportOnTitle }],
    prepare: raiseAndReply,
    selfUntick: (m) => raiseEnquiry(m, 'Please confirm the boundary on the left.'),
    reopensStage: false,
    reopenedNoticeOnAOnly: 'seller_conveyancer',
    clocks: CONTRACT_PACK_RUNNING,
  },
]

describe('every path that unticks leaves what a manual untick of the same task leaves', () => {
  it.each(UNTICK_ROWS)('$path', async (row) => {
    const { a, b } = await twinMoves(row)
    const taskA = await taskByTitle(a.txId, row.title)
    const taskB = await taskByTitle(b.txId, row.title)
    expect([taskA.status, taskB.status]).toEqual(['completed', 'completed'])
    if (row.renameOnB) {
      expect((await manualTick(row.manualActor(), b.txId, taskB, 'not_completed')).status).toBe(422)
    }
    const twin = row.renameOnB ? await renameTwin(b.txId, taskB.id, row.title) : undefined

    const markA = await markBefore(a.txId, taskA.id)
    await row.selfUntick(a)
    const markB = await markBefore(b.txId, taskB.id)
    await json(await manualTick(row.manualActor(), b.txId, taskB, 'not_completed'), 200)

    const effectsA = await tickEffects(a, taskA.id, markA, row.pathActor())
    const effectsB = await tickEffects(b, taskB.id, markB, row.manualActor(), twin)
    const reopenedA = effectsA.effects.notifications.filter((n) => n.kind === 'task_reopened')
    if (row.reopenedNoticeOnAOnly) {
      expect(reopenedA).toEqual([expect.objectContaining({ actor: 'actor', recipients: 1 })])
      expect(effectsA.recipientsByKind.task_reopened).toEqual([row.reopenedNoticeOnAOnly])
      effectsA.effects.notifications = effectsA.effects.notifications.filter((n) => n.kind !== 'task_reopened')
    } else {
      expect(reopenedA).toEqual([])
    }
    expect(effectsA.effects).toEqual(effectsB.effects)

    const e = effectsA.effects
    expect(e.task).toMatchObject({
      status: 'not_completed',
      completedBy: null,
      completedAtSet: false,
      versionIncrement: 1,
    })
    expect(e.audit.filter((x) => x.kind.startsWith('task.'))).toEqual([
      { kind: 'task.reopened', actor: 'actor', taskId: 'task', stageId: 'stage', opening: `unticked “${row.title}”` },
    ])
    // No webhook event for an untick (ACTIVITY_WEBHOOK_EVENTS has 'task.completed' only).
    expect(e.webhooks).toEqual([])
    const plain = `unticked “${row.title}” (${e.stage.name})`
    expect(effectsB.summaries).toEqual([plain])
    expect(effectsA.summaries).toHaveLength(1)
    expect(effectsA.summaries[0].startsWith(plain)).toBe(true)
    expect(effectsA.summaries[0].length).toBeGreaterThan(plain.length)
    expect(e.stage.status).toBe('in_progress')
    expect(e.stage.percent).toBeLessThan(100)
    expect(e.notifications.filter((n) => n.kind === 'stage_completed')).toEqual([])
    if (row.reopensStage) {
      // The set-up's tick through the path completed the stage: a notice before the mark, not after.
      const [{ n }] = await t.database.query<{ n: number }>(
        `select count(*)::int as n from notifications where transaction_id = $1 and kind = 'stage_completed'`,
        [a.txId],
      )
      expect(n).toBeGreaterThan(0)
    }
    const clockStates = Object.fromEntries(
      e.clocks.map((c) => [c.clock_type, (c.stopped ? 'stopped' : 'running') + (c.breach_alerted ? ' alerted' : '')]),
    )
    expect(clockStates).toEqual(row.clocks)
    // A breach is told once: the set-up's tick did, the untick does not again.
    expect(e.notifications.filter((n) => n.kind === 'sla_breached')).toEqual([])
  })
})
