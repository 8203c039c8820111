/**
 * Contracts of transactions (spec: The calls the product makes): the dashboard list, the transaction detail the
 * workspace shows, creating a transaction, and working it (ticking tasks, blocking stages, changing
 * status). Every change carries the `version` the client last saw; a stale version answers 409 with a
 * message saying someone else changed it first. Writes answer with the refreshed detail.
 */
import { z } from 'zod'
import { NATION_LABELS, NATIONS, nationOfPostcode } from '../domain/nations'
import { ORGANIZATION_TYPES } from '../domain/organizations'
import { singleLine } from '../domain/plain-text'
import { PARTICIPANT_ROLES } from '../domain/roles'
import { DOCUMENT_FOLDERS, STAGE_STATUSES, TASK_STATUSES, TENURES, TRANSACTION_STATUSES } from '../domain/statuses'
import { OWNER_SIDES } from '../domain/timeline-template'
import { ActivityEvent } from './activity'
import { OffPlatformParty } from './off-platform-parties'
import { Person, Timestamp, TransactionParams, ukPostcode, Uuid } from './common'
import { parsePostcode } from '../domain/postcode'
import { displayLine, displayText } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

// ---- Reading: the dashboard and the transaction detail ----

const StageSummary = z.object({
  status: z.enum(STAGE_STATUSES),
  percent_complete: z.number().int(),
  /** Beyond the spec's dashboard select: the card names a blocked stage ('Blocked: Searches'). */
  stage_name: z.string(),
})
const ParticipantSummary = z.object({ user_id: z.string(), role: z.enum(PARTICIPANT_ROLES) })
const PropertySummary = z.object({ address_lines: z.array(z.string()), postcode: z.string() })

/** One card of GET /api/transactions (spec: The calls the product makes, 'Dashboard list'). */
export const DashboardTransaction = z.object({
  id: Uuid,
  status: z.enum(TRANSACTION_STATUSES),
  created_at: Timestamp,
  /** Archived moves sit in the dashboard's "Archived moves" list. */
  archived_at: z.string().nullable(),
  buyer_user_id: z.string().nullable(),
  seller_user_id: z.string().nullable(),
  property: PropertySummary.nullable(),
  timeline_stages: z.array(StageSummary),
  transaction_participants: z.array(ParticipantSummary),
})
export type DashboardTransaction = z.infer<typeof DashboardTransaction>

/** GET /api/transactions: the viewer's transactions, newest first. */
export const DashboardResponse = z.object({ transactions: z.array(DashboardTransaction) })
export type DashboardResponse = z.infer<typeof DashboardResponse>

export const Task = z.object({
  id: Uuid,
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  sort_index: z.number().int(),
  /** Who ticks it: 'buyer_side', 'seller_side' or a professional role (src/shared/domain/timeline-template.ts). */
  owner_side: z.enum(OWNER_SIDES).nullable(),
  version: z.number().int(),
  completed_at: Timestamp.nullable(),
  /** Profile id of who ticked it (null when not done or their account is gone). */
  completed_by: z.string().nullable(),
  completed_by_name: z.string().nullable(),
  /** The latest decision in principle recorded against this task (the DIP task only; features/mortgages). */
  dip: z.object({ lender: z.string(), expires_on: z.string() }).nullish(),
})
export type Task = z.infer<typeof Task>

export const TimelineStage = z.object({
  id: Uuid,
  stage_name: z.string(),
  sort_index: z.number().int(),
  status: z.enum(STAGE_STATUSES),
  percent_complete: z.number().int(),
  blocked_reason: z.string().nullable(),
  /** Who marked it blocked and when (null when not blocked, or blocked before this was recorded). */
  blocked_by_name: z.string().nullable(),
  blocked_at: Timestamp.nullable(),
  version: z.number().int(),
  tasks: z.array(Task),
})
export type TimelineStage = z.infer<typeof TimelineStage>

export const Participant = z.object({
  id: Uuid,
  user_id: z.string(),
  role: z.enum(PARTICIPANT_ROLES),
  invited_by: z.string().nullable(),
  created_at: Timestamp,
  profile: z.object({ full_name: z.string(), email: z.string() }),
  organization: z.object({ id: Uuid, name: z.string(), type: z.enum(ORGANIZATION_TYPES) }).nullable(),
})
export type Participant = z.infer<typeof Participant>

export const DocumentSummary = z.object({
  id: Uuid,
  filename: z.string(),
  folder: z.enum(DOCUMENT_FOLDERS),
  version: z.number().int(),
  created_at: Timestamp,
  signed_at: Timestamp.nullable(),
})
export type DocumentSummary = z.infer<typeof DocumentSummary>

export const Message = z.object({
  id: Uuid,
  body_md: z.string(),
  created_at: Timestamp,
  author: Person.nullable(),
})
export type Message = z.infer<typeof Message>

/** GET /api/transactions/{txId} (spec: The calls the product makes, 'Transaction detail'). Stages and tasks by sort_index; messages newest first. */
export const TransactionDetail = z.object({
  id: Uuid,
  status: z.enum(TRANSACTION_STATUSES),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: z.number().int(),
  buyer_user_id: z.string().nullable(),
  seller_user_id: z.string().nullable(),
  agreed_price_pence: z.number().int().nullable(),
  exchange_date: z.string().nullable(),
  completion_date: z.string().nullable(),
  cancelled_reason: z.string().nullable(),
  /** When a party archived the move after it ended; null while it is not archived. */
  archived_at: z.string().nullable(),
  /** The viewer's own role on this transaction (participant role), for what the UI offers. */
  viewer_role: z.enum(PARTICIPANT_ROLES).nullable(),
  property: z
    .object({
      address_lines: z.array(z.string()),
      postcode: z.string(),
      uprn: z.string().nullable(),
      tenure: z.enum(TENURES).nullable(),
      /** England or Wales: the land tax (SDLT or LTT) and its return task follow it. */
      nation: z.enum(NATIONS),
    })
    .nullable(),
  timeline_stages: z.array(TimelineStage),
  transaction_participants: z.array(Participant),
  documents: z.array(DocumentSummary),
  messages: z.array(Message),
  /** Latest 30 audit entries, newest first. */
  activity: z.array(ActivityEvent),
  /**
   * The professionals recorded as not on Homeward (off-platform parties, open records only: one who
   * joined is a participant), by role then when recorded.
   */
  off_platform_parties: z.array(OffPlatformParty),
})
export type TransactionDetail = z.infer<typeof TransactionDetail>

// ---- Creating and working a transaction ----

/**
 * The nation rule of a property form (shared/domain/nations.ts): a postcode district that straddles
 * the border needs `nation` ('nation': 'Postcode district CH4 has addresses in England and in Wales:
 * choose ...'); a nation given against a district wholly in one nation is refused.
 */
export function nationFitsPostcode(value: { postcode: string; nation?: 'england' | 'wales' }, ctx: z.RefinementCtx) {
  const byPostcode = nationOfPostcode(value.postcode)
  if (byPostcode === null) return
  const district = parsePostcode(value.postcode)?.outward ?? value.postcode
  if (byPostcode === 'straddles' && !value.nation)
    ctx.addIssue({
      code: 'custom',
      path: ['nation'],
      message: `Postcode district ${district} has addresses in England and in Wales: choose which nation the property is in`,
    })
  else if (byPostcode !== 'straddles' && value.nation && value.nation !== byPostcode)
    ctx.addIssue({
      code: 'custom',
      path: ['nation'],
      message: `${value.postcode} is in ${NATION_LABELS[byPostcode]}, not ${NATION_LABELS[value.nation]}`,
    })
}

/**
 * A UK postcode by the one postcode rule of every form (shared/domain/postcode.ts: Royal Mail's
 * formats, GIR 0AA and BFPO numbers), normalised ('al35af' -> 'AL3 5AF').
 */
export const UkPostcode = ukPostcode()

/** A property's postcode: UkPostcode, but not a BFPO number (a forces post office is not a property's address). */
export const PropertyPostcode = UkPostcode.refine(
  (v) => parsePostcode(v)?.kind !== 'bfpo',
  'A property needs the postcode of its address, not a BFPO number',
)

/** England or Wales, as the create form asks it when the postcode district straddles the border. */
export const NationInput = z.enum(NATIONS, { message: 'Choose England or Wales' })

/** Unique Property Reference Number: 1 to 12 digits (OS AddressBase). */
export const Uprn = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, 'UPRN must be 1 to 12 digits')

// Address parts are one line each, control characters stripped: they go into email subjects.
const optionalText = (max: number, label: string) =>
  z
    .string()
    .overwrite(singleLine)
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined))

/**
 * POST /api/transactions: the create form (fields 'Address line 1', 'Address line 2', 'Town or city',
 * 'Postcode', 'UPRN (optional)', 'Your role in this move', 'Agreed price (£)', 'Tenure').
 * `agreed_price` is in pounds (whole or with pence); stored as pence.
 */
/** The create form's fields, before the nation rule (OpenMatterInput builds on them). */
export const CreateTransactionFields = z.object({
  address_line_1: z
    .string({ message: 'Enter the first line of the address' })
    .overwrite(singleLine)
    .min(1, 'Enter the first line of the address')
    .max(100, 'Address line 1 must be at most 100 characters'),
  address_line_2: optionalText(100, 'Address line 2'),
  town: z
    .string({ message: 'Enter the town or city' })
    .overwrite(singleLine)
    .min(1, 'Enter the town or city')
    .max(60, 'Town or city must be at most 60 characters'),
  postcode: PropertyPostcode,
  uprn: z.union([Uprn, z.literal('').transform(() => undefined)]).optional(),
  /**
   * England or Wales: from the address lookup, or asked when the postcode district straddles the
   * border (shared/domain/nations.ts); left out, the postcode decides.
   */
  nation: z.union([NationInput, z.literal('').transform(() => undefined)]).optional(),
  role: z.enum(PARTICIPANT_ROLES).extract(['buyer', 'seller'], { message: 'Choose whether you are buying or selling' }),
  agreed_price: z.coerce
    .number({ message: 'Enter the agreed price in pounds' })
    .positive('Enter the agreed price in pounds')
    .max(1_000_000_000, 'Agreed price must be at most £1,000,000,000')
    .refine(
      (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Use at most two decimal places',
    ),
  tenure: z.enum(TENURES, { message: 'Choose freehold or leasehold' }),
})
export const CreateTransactionInput = CreateTransactionFields.superRefine(nationFitsPostcode)
export type CreateTransactionInput = z.input<typeof CreateTransactionInput>
export type CreateTransactionData = z.output<typeof CreateTransactionInput>

export const CreateTransactionResponse = z.object({ id: Uuid })

export const TaskParams = z.object({ txId: Uuid, taskId: Uuid })
export const StageParams = z.object({ txId: Uuid, stageId: Uuid })

/** PATCH /api/transactions/{txId}/tasks/{taskId}: tick or untick. */
export const UpdateTaskInput = z.object({
  status: z.enum(TASK_STATUSES, { message: 'Status must be completed or not_completed' }),
  version: z.number().int().min(1),
})

/** PATCH /api/transactions/{txId}/stages/{stageId}: block with a reason, or clear (null). Conveyancers only. */
export const UpdateStageInput = z.object({
  blocked_reason: displayLine()
    .trim()
    .min(1, 'Say why the stage is blocked')
    .max(500, 'Blocked reason must be at most 500 characters')
    .nullable(),
  version: z.number().int().min(1),
})

/**
 * POST /api/transactions/{txId}/status. spec: States and transitions lists the statuses; the transitions are ours:
 * activate (draft -> active), exchange (active -> exchange, conveyancer, with dates and
 * `confirm: true`; refused with 409 while any stage is blocked),
 * complete (exchange -> completed, conveyancer), cancel (draft|active -> cancelled with a reason by a
 * party or their conveyancer; exchange -> cancelled by a conveyancer only: rescission).
 */
export const StatusChangeInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('activate'), version: z.number().int().min(1) }),
  z.object({
    action: z.literal('exchange'),
    version: z.number().int().min(1),
    exchange_date: z.iso.date({ message: 'Enter the exchange date' }),
    completion_date: z.iso.date({ message: 'Enter the agreed completion date' }),
    /** Exchange is legally binding: the person recording it confirms explicitly. */
    confirm: z.literal(true, { message: 'Confirm that contracts have been exchanged' }),
  }),
  z.object({
    action: z.literal('complete'),
    version: z.number().int().min(1),
    completion_date: z.iso.date({ message: 'Enter the completion date' }).optional(),
  }),
  z.object({
    action: z.literal('cancel'),
    version: z.number().int().min(1),
    reason: displayText()
      .trim()
      .min(1, 'Give a reason for cancelling')
      .max(2000, 'Reason must be at most 2000 characters'),
  }),
])
export type StatusChangeInput = z.infer<typeof StatusChangeInput>

const CONFLICT = {
  409: { description: 'Changed by someone else first (stale version), or not allowed in this status' },
} as const
const FORBIDDEN = { 403: { description: 'On the move, but not allowed to do this' } } as const

/** The transaction endpoints. */
/** POST /api/transactions/{txId}/archive: archive (true) or bring back (false) a move that has ended. */
export const ArchiveTransactionInput = z.object({ archived: z.boolean() })
export const ArchiveTransactionResponse = z.object({ archived_at: z.string().nullable() })

export const transactionEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/transactions',
    summary: "The viewer's transactions, newest first (dashboard)",
    scopes: ['transactions:read'],
    responses: { 200: json('Dashboard list', DashboardResponse), ...ERRORS },
  }),
  detail: endpoint({
    method: 'get',
    path: '/transactions/{txId}',
    summary: 'One transaction with property, stages and tasks, participants, documents, messages and activity',
    scopes: ['transactions:read'],
    request: { params: TransactionParams },
    responses: { 200: json('Transaction detail', TransactionDetail), ...ERRORS },
  }),
  create: endpoint({
    method: 'post',
    path: '/transactions',
    summary: 'Create a transaction (draft) with its property and the standard timeline',
    request: { body: jsonBody(CreateTransactionInput) },
    responses: { 201: json('Created', CreateTransactionResponse), ...ERRORS },
  }),
  updateTask: endpoint({
    method: 'patch',
    path: '/transactions/{txId}/tasks/{taskId}',
    summary: 'Tick or untick a task (its owners only)',
    scopes: ['tasks:write'],
    request: { params: TaskParams, body: jsonBody(UpdateTaskInput, { status: 'completed', version: 1 }) },
    responses: { 200: json('Updated detail', TransactionDetail), ...FORBIDDEN, ...CONFLICT, ...ERRORS },
  }),
  updateStage: endpoint({
    method: 'patch',
    path: '/transactions/{txId}/stages/{stageId}',
    summary: 'Block a stage with a reason, or clear it (conveyancers)',
    request: { params: StageParams, body: jsonBody(UpdateStageInput) },
    responses: { 200: json('Updated detail', TransactionDetail), ...FORBIDDEN, ...CONFLICT, ...ERRORS },
  }),
  changeStatus: endpoint({
    method: 'post',
    path: '/transactions/{txId}/status',
    summary: 'Activate, record exchange, record completion, or cancel',
    request: { params: TransactionParams, body: jsonBody(StatusChangeInput) },
    responses: { 200: json('Updated detail', TransactionDetail), ...CONFLICT, ...ERRORS },
  }),
  archive: endpoint({
    method: 'post',
    path: '/transactions/{txId}/archive',
    summary: 'Archive a move that has ended, or bring it back (its parties)',
    request: { params: TransactionParams, body: jsonBody(ArchiveTransactionInput) },
    responses: { 200: json('Archived state', ArchiveTransactionResponse), ...CONFLICT, ...ERRORS },
  }),
}
