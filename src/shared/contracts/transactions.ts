import { z } from 'zod'
import { Timestamp, Uuid } from './common'

const StageSummary = z.object({
  status: z.string(),
  percent_complete: z.number().int(),
  /** Beyond the spec's dashboard select: the card names a blocked stage ('Blocked: Searches'). */
  stage_name: z.string(),
})
const ParticipantSummary = z.object({ user_id: z.string(), role: z.string() })
const PropertySummary = z.object({ address_lines: z.array(z.string()), postcode: z.string() })

/** One card of GET /api/transactions (spec section 7, 'Dashboard list'). */
export const DashboardTransaction = z.object({
  id: Uuid,
  status: z.string(),
  created_at: Timestamp,
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

export const TransactionParams = z.object({ txId: Uuid })

export const Task = z.object({
  id: Uuid,
  title: z.string(),
  status: z.string(),
  sort_index: z.number().int(),
  /** Who ticks it: 'buyer_side', 'seller_side' or a professional role (src/shared/domain/timeline-template.ts). */
  owner_side: z.string().nullable(),
  version: z.number().int(),
  completed_at: Timestamp.nullable(),
  /** Profile id of who ticked it (null when not done or their account is gone). */
  completed_by: z.string().nullable(),
  completed_by_name: z.string().nullable(),
})
export type Task = z.infer<typeof Task>

export const TimelineStage = z.object({
  id: Uuid,
  stage_name: z.string(),
  sort_index: z.number().int(),
  status: z.string(),
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
  role: z.string(),
  invited_by: z.string().nullable(),
  created_at: Timestamp,
  profile: z.object({ full_name: z.string(), email: z.string() }),
  organization: z.object({ id: Uuid, name: z.string(), type: z.string() }).nullable(),
})
export type Participant = z.infer<typeof Participant>

export const DocumentSummary = z.object({
  id: Uuid,
  filename: z.string(),
  folder: z.string(),
  version: z.number().int(),
  created_at: Timestamp,
  signed_at: Timestamp.nullable(),
})
export type DocumentSummary = z.infer<typeof DocumentSummary>

export const Message = z.object({
  id: Uuid,
  body_md: z.string(),
  created_at: Timestamp,
  author: z.object({ id: z.string(), full_name: z.string() }).nullable(),
})
export type Message = z.infer<typeof Message>

/** One entry of the transaction's audit trail: who changed what, when. */
export const ActivityEvent = z.object({
  id: Uuid,
  kind: z.string(),
  summary: z.string(),
  actor: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  created_at: Timestamp,
})
export type ActivityEvent = z.infer<typeof ActivityEvent>

/** GET /api/transactions/{txId} (spec section 7, 'Transaction detail'). Stages and tasks by sort_index; messages newest first. */
export const TransactionDetail = z.object({
  id: Uuid,
  status: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: z.number().int(),
  buyer_user_id: z.string().nullable(),
  seller_user_id: z.string().nullable(),
  agreed_price_pence: z.number().int().nullable(),
  exchange_date: z.string().nullable(),
  completion_date: z.string().nullable(),
  cancelled_reason: z.string().nullable(),
  /** The viewer's own role on this transaction (participant role), for what the UI offers. */
  viewer_role: z.string().nullable(),
  property: z
    .object({
      address_lines: z.array(z.string()),
      postcode: z.string(),
      uprn: z.string().nullable(),
      tenure: z.string().nullable(),
    })
    .nullable(),
  timeline_stages: z.array(TimelineStage),
  transaction_participants: z.array(Participant),
  documents: z.array(DocumentSummary),
  messages: z.array(Message),
  /** Latest 30 audit entries, newest first. */
  activity: z.array(ActivityEvent),
})
export type TransactionDetail = z.infer<typeof TransactionDetail>
