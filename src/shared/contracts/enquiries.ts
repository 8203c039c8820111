/**
 * Contracts of pre-contract enquiries and SLA clocks: a matter's enquiries with their threads,
 * linked documents and reply clocks; raising several at once; replying, changing state, making a
 * task for the seller, exporting the replies as a PDF; a matter's SLA clocks; a firm's SLA targets
 * and standard enquiry lists. Every change names the enquiry `version` it read: a stale one is 409.
 */
import { z } from 'zod'
import {
  ENQUIRY_CATEGORIES,
  ENQUIRY_MAX_BATCH,
  ENQUIRY_MAX_CHARS,
  ENQUIRY_MAX_ATTACHMENTS,
  ENQUIRY_MAX_DOCUMENTS,
  ENQUIRY_RECEIVED_VIA,
  ENQUIRY_STATUSES,
  STANDARD_ENQUIRIES_MAX_PER_CATEGORY,
} from '../domain/enquiries'
import {
  CLOCK_STATES,
  SLA_CLOCK_TYPES,
  SLA_MAX_WORKING_DAYS,
  SLA_MIN_WORKING_DAYS,
  SLA_STATUSES,
} from '../domain/sla-clocks'
import { Timestamp, Uuid } from './common'
import { displayText } from './common'
import { DocumentVersion } from './documents'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'
import { TransactionParams } from './common'

export const EnquiryParams = z.object({ txId: Uuid, enquiryId: Uuid })
export const FirmParams = z.object({ orgId: Uuid })

const Person = z.object({ id: z.string(), full_name: z.string() })
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

const EnquiryText = displayText({ message: 'Write the enquiry' })
  .trim()
  .min(1, 'Write the enquiry: it cannot be empty')
  .max(ENQUIRY_MAX_CHARS, `At most ${ENQUIRY_MAX_CHARS.toLocaleString('en-GB')} characters`)

/** A form question reference: the form, then the question's path below propertyPack. */
export const FORM_QUESTION_PATTERN = /^(ta6|ta10):[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$/

const Version = z.number({ message: 'Send the version you read' }).int().min(1)

/** Where an SLA clock stands now (src/shared/domain/sla-clocks.ts). */
export const ClockStatus = z.object({
  id: Uuid,
  clock_type: z.enum(SLA_CLOCK_TYPES),
  label: z.string(),
  side: z.enum(['buyer', 'seller']),
  state: z.enum(CLOCK_STATES),
  sla: z.enum(SLA_STATUSES),
  target_working_days: z.number().int(),
  used_working_days: z.number().int(),
  remaining_working_days: z.number().int(),
  /** The last working day allowed, 'yyyy-mm-dd' (Europe/London); null while paused. */
  due_date: IsoDate.nullable(),
  started_at: Timestamp,
  stopped_at: Timestamp.nullable(),
  enquiry_id: Uuid.nullable(),
})
export type ClockStatus = z.infer<typeof ClockStatus>

/** A file attached to a message of an enquiry's thread (enquiry_reply_documents), listed to those who may read it. */
export const EnquiryAttachment = z.object({
  id: Uuid,
  filename: z.string(),
  folder: z.string(),
  version: z.number().int(),
})

export const EnquiryReply = z.object({
  id: Uuid,
  kind: z.enum(['reply', 'further_enquiry']),
  body: z.string(),
  author: Person.nullable(),
  created_at: Timestamp,
  /**
   * 'sent', or 'draft': made from a client's answer in their task, listed only to the conveyancer of
   * its side (a draft reply to the seller's, a draft further enquiry to the buyer's) until they send it.
   */
  state: z.enum(['sent', 'draft']).default('sent'),
  /** The client whose answer in their task this message came from. */
  from_client: Person.nullable().default(null),
  /**
   * A reply sent by email link from a firm not on Homeward: its name as recorded ("Jane Smith,
   * Smith & Co"); null when written on Homeward (`author` says who).
   */
  author_off_platform: z.string().nullable().default(null),
  /** The files attached to this message that the viewer may read (decision 051). */
  documents: z.array(EnquiryAttachment).default([]),
})
export type EnquiryReply = z.infer<typeof EnquiryReply>

/**
 * One enquiry. Conveyancers on the matter see everything (each side's drafts only its own); the buyer
 * and the seller see its text, status, dates and the tasks for them; anyone else on the move (agents,
 * broker, surveyor) sees its number, category, status and dates only: `body` null, no replies.
 */
export const Enquiry = z.object({
  id: Uuid,
  number: z.number().int(),
  category: z.enum(ENQUIRY_CATEGORIES),
  status: z.enum(ENQUIRY_STATUSES),
  body: z.string().nullable(),
  version: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
  closed_at: Timestamp.nullable(),
  raised_by: Person.nullable(),
  replies: z.array(EnquiryReply),
  documents: z.array(z.object({ id: Uuid, filename: z.string(), folder: z.string(), version: z.number().int() })),
  seller_task: z.object({ id: Uuid, title: z.string(), status: z.string() }).nullable(),
  /** The task the buyer's conveyancer made for the buyer from it (the buyer and the conveyancers see it). */
  buyer_task: z.object({ id: Uuid, title: z.string(), status: z.string() }).nullable().default(null),
  /** The property information form answer it is about ('ta6:parking.controlledParking'), when raised from one. */
  form_question: z.string().nullable(),
  /** The running (or last) reply clock. */
  clock: ClockStatus.nullable(),
  /**
   * Logged by the seller's conveyancer from an email or letter: the day received ('yyyy-mm-dd'), how,
   * and from whom as written. Null for enquiries raised on Homeward. Conveyancers only.
   */
  received: z
    .object({
      on: IsoDate,
      via: z.enum(ENQUIRY_RECEIVED_VIA),
      from: z.string().nullable(),
      logged_by: Person.nullable(),
    })
    .nullable()
    .default(null),
})
export type Enquiry = z.infer<typeof Enquiry>

/** Who is told of new enquiries (src/shared/domain/enquiries.ts recipientOfEnquiries). */
export const EnquiryRecipientSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('on_homeward'), name: z.string() }),
  z.object({ kind: z.literal('email'), firm_name: z.string(), email: z.string() }),
  z.object({ kind: z.literal('nobody') }),
])

/** GET /api/transactions/{txId}/enquiries. */
export const EnquiryList = z.object({
  /** 'raiser' (buyer's conveyancer), 'replier' (seller's conveyancer) or 'viewer' (status only). */
  my_part: z.enum(['raiser', 'replier', 'viewer']),
  /** 'buyer' or 'seller' when the viewer is that client: they read each enquiry's text and their own tasks. */
  my_client: z.enum(['buyer', 'seller']).nullable().default(null),
  enquiries: z.array(Enquiry),
  /** Who is told of new enquiries (conveyancers; null for anyone else on the move). */
  recipient: EnquiryRecipientSchema.nullable().default(null),
  /** The last reply link emailed to a firm not on Homeward (conveyancers): when, to whom, until when. */
  email_link: z
    .object({ sent_at: Timestamp, email: z.string(), expires_at: Timestamp, live: z.boolean() })
    .nullable()
    .default(null),
})
export type EnquiryList = z.infer<typeof EnquiryList>

/** POST /api/transactions/{txId}/enquiries: raise one or several at once (e.g. ticked from the standard list). */
export const RaiseEnquiriesInput = z.object({
  enquiries: z
    .array(
      z.object({
        category: z.enum(ENQUIRY_CATEGORIES, { message: 'Choose a category' }),
        body: EnquiryText,
        document_ids: z
          .array(Uuid)
          .max(ENQUIRY_MAX_DOCUMENTS, `At most ${ENQUIRY_MAX_DOCUMENTS} documents on one enquiry`)
          .default([])
          .transform((ids) => [...new Set(ids)]),
        /** Raised on an answer of the seller's TA6 or TA10: 'ta6:parking.controlledParking'. */
        form_question: z
          .string()
          .regex(FORM_QUESTION_PATTERN, 'Name the form question as ta6:section.question')
          .optional(),
      }),
    )
    .min(1, 'Choose at least one enquiry to raise')
    .max(ENQUIRY_MAX_BATCH, `At most ${ENQUIRY_MAX_BATCH} enquiries at once`),
})
export type RaiseEnquiriesInput = z.input<typeof RaiseEnquiriesInput>

/** POST .../enquiries/{enquiryId}/replies: the seller's conveyancer answers. */
const AttachmentIds = z
  .array(Uuid)
  .max(ENQUIRY_MAX_ATTACHMENTS, `At most ${ENQUIRY_MAX_ATTACHMENTS} files on one message`)
  .default([])
  .transform((ids) => [...new Set(ids)])

export const ReplyInput = z.object({
  version: Version,
  body: EnquiryText,
  /** Documents of the matter attached to the reply (uploaded first, into Contracts for the clients and conveyancers). */
  document_ids: AttachmentIds,
})
export type ReplyInput = z.input<typeof ReplyInput>

/**
 * POST .../enquiries/{enquiryId}/status: the buyer's conveyancer marks it satisfied, withdraws it,
 * or raises a further enquiry on the reply (`body` required then).
 */
export const ChangeEnquiryStatusInput = z
  .object({
    version: Version,
    status: z.enum(['satisfied', 'withdrawn', 'further_enquiry']),
    body: EnquiryText.optional(),
    /** Documents attached to a further enquiry. */
    document_ids: AttachmentIds,
  })
  .refine((v) => v.status !== 'further_enquiry' || !!v.body, {
    message: 'Write the further enquiry',
    path: ['body'],
  })
export type ChangeEnquiryStatusInput = z.input<typeof ChangeEnquiryStatusInput>

/** PATCH .../enquiries/{enquiryId}: the buyer's conveyancer corrects the text or category before it is closed. */
export const EditEnquiryInput = z.object({
  version: Version,
  body: EnquiryText.optional(),
  category: z.enum(ENQUIRY_CATEGORIES).optional(),
})
export type EditEnquiryInput = z.input<typeof EditEnquiryInput>

/** POST .../enquiries/{enquiryId}/seller-task: the seller's conveyancer asks the seller (a timeline task). */
export const SellerTaskInput = z.object({ version: Version })

/** POST .../enquiries/{enquiryId}/client-task: the viewer's conveyancer part asks their own client (a timeline task). */
export const ClientTaskInput = z.object({ version: Version })

/** GET .../enquiry-tasks/{taskId}: a client's task to answer an enquiry, as the client and their conveyancer read it. */
export const ClientTask = z.object({
  task: z.object({
    id: Uuid,
    title: z.string(),
    status: z.enum(['completed', 'not_completed']),
    completed_at: Timestamp.nullable(),
  }),
  /** Whose task: the buyer's or the seller's. */
  client: z.enum(['buyer', 'seller']),
  enquiry: z.object({
    id: Uuid,
    number: z.number().int(),
    category: z.enum(ENQUIRY_CATEGORIES),
    status: z.enum(ENQUIRY_STATUSES),
    /** The enquiry's full text. */
    body: z.string(),
  }),
  /** The client's answer as they sent it, with its files; null until sent. */
  answer: z
    .object({
      body: z.string(),
      by: z.string().nullable(),
      /** 'draft' while their conveyancer reviews it, 'sent' once sent on, 'discarded' when not sent. */
      state: z.enum(['draft', 'sent', 'discarded']),
      documents: z.array(EnquiryAttachment),
    })
    .nullable(),
  /** The client's own answer saved and not sent yet (to the client only; null for anyone else). */
  saved: z
    .object({ body: z.string(), documents: z.array(EnquiryAttachment) })
    .nullable()
    .default(null),
  /** True for the client while the task waits for their answer. */
  may_answer: z.boolean(),
})
export type ClientTask = z.infer<typeof ClientTask>

/** POST .../enquiry-tasks/{taskId}/answer: the client's answer and the files they uploaded for it. */
export const ClientAnswerInput = z.object({
  body: displayText({ message: 'Write your answer' })
    .trim()
    .min(1, 'Write your answer: it cannot be empty')
    .max(ENQUIRY_MAX_CHARS, `At most ${ENQUIRY_MAX_CHARS.toLocaleString('en-GB')} characters`),
  document_ids: AttachmentIds,
})
export type ClientAnswerInput = z.input<typeof ClientAnswerInput>

export const EnquiryTaskParams = z.object({ txId: Uuid, taskId: Uuid })
export const DraftParams = z.object({ txId: Uuid, enquiryId: Uuid, draftId: Uuid })

/** POST .../drafts/{draftId}/send: the conveyancer sends their client's answer, as edited. */
export const SendDraftInput = z.object({ version: Version, body: EnquiryText })
export type SendDraftInput = z.input<typeof SendDraftInput>

/** GET /api/transactions/{txId}/sla-clocks: every clock of the matter. */
export const ClockList = z.object({ clocks: z.array(ClockStatus) })
export type ClockList = z.infer<typeof ClockList>

/** A firm's standard enquiries, per category; `custom` when the firm replaced Homeward's list. */
export const StandardEnquiries = z.object({
  organization_id: Uuid.nullable(),
  categories: z.array(
    z.object({ category: z.enum(ENQUIRY_CATEGORIES), items: z.array(z.string()), custom: z.boolean() }),
  ),
})
export type StandardEnquiries = z.infer<typeof StandardEnquiries>

/** PUT /api/firms/{orgId}/standard-enquiries: replace one category's list (an empty list restores the defaults). */
export const PutStandardEnquiriesInput = z.object({
  category: z.enum(ENQUIRY_CATEGORIES),
  items: z
    .array(EnquiryText)
    .max(STANDARD_ENQUIRIES_MAX_PER_CATEGORY, `At most ${STANDARD_ENQUIRIES_MAX_PER_CATEGORY} per category`),
})
export type PutStandardEnquiriesInput = z.input<typeof PutStandardEnquiriesInput>

/** A firm's SLA targets: each clock type with the firm's value or the default. */
export const SlaSettings = z.object({
  organization_id: Uuid,
  clocks: z.array(
    z.object({
      clock_type: z.enum(SLA_CLOCK_TYPES),
      label: z.string(),
      description: z.string(),
      working_days: z.number().int(),
      default_working_days: z.number().int(),
    }),
  ),
})
export type SlaSettings = z.infer<typeof SlaSettings>

/** PUT /api/firms/{orgId}/sla-settings: the firm's own targets (for clocks started from now on). */
export const PutSlaSettingsInput = z.object({
  clocks: z
    .array(
      z.object({
        clock_type: z.enum(SLA_CLOCK_TYPES),
        working_days: z
          .number()
          .int()
          .min(SLA_MIN_WORKING_DAYS, `At least ${SLA_MIN_WORKING_DAYS} working day`)
          .max(SLA_MAX_WORKING_DAYS, `At most ${SLA_MAX_WORKING_DAYS} working days`),
      }),
    )
    .min(1),
})
export type PutSlaSettingsInput = z.input<typeof PutSlaSettingsInput>

/**
 * POST /api/transactions/{txId}/enquiries/logged: the seller's conveyancer logs enquiries received by
 * email or letter, with the original (a document of the matter, uploaded first) attached.
 */
export const LogEnquiriesInput = z.object({
  received_on: IsoDate.refine((d) => !Number.isNaN(Date.parse(d)), 'Give the date received as yyyy-mm-dd'),
  received_via: z.enum(ENQUIRY_RECEIVED_VIA, { message: 'Choose email or letter' }),
  /** Who sent them, as written ("Jane Smith, Smith & Co"); defaults to the recorded buyer's firm. */
  from: displayText({ message: 'Write who sent them' }).trim().max(200, 'At most 200 characters').optional(),
  original_document_id: Uuid,
  enquiries: z
    .array(z.object({ category: z.enum(ENQUIRY_CATEGORIES, { message: 'Choose a category' }), body: EnquiryText }))
    .min(1, 'Add at least one enquiry')
    .max(ENQUIRY_MAX_BATCH, `At most ${ENQUIRY_MAX_BATCH} enquiries at once`),
})
export type LogEnquiriesInput = z.input<typeof LogEnquiriesInput>

/** POST .../enquiries/email: what was sent. */
export const EmailLinkSent = z.object({
  email: z.string(),
  firm_name: z.string(),
  enquiries: z.number().int(),
  expires_at: Timestamp,
})

export const EnquiryLinkParams = z.object({ token: z.string().min(20).max(100) })
export const EnquiryLinkEnquiryParams = EnquiryLinkParams.extend({ enquiryId: Uuid })

/** One enquiry as the firm sees it through the link: text, status and the thread so far. */
export const LinkEnquiry = z.object({
  id: Uuid,
  number: z.number().int(),
  category: z.enum(ENQUIRY_CATEGORIES),
  status: z.enum(ENQUIRY_STATUSES),
  body: z.string(),
  /** True while it waits for the firm's reply (open, or a further enquiry raised). */
  awaiting_reply: z.boolean(),
  thread: z.array(
    z.object({
      kind: z.enum(['reply', 'further_enquiry']),
      body: z.string(),
      author: z.string(),
      created_at: Timestamp,
      files: z.array(z.object({ filename: z.string() })),
    }),
  ),
})

/**
 * GET /api/enquiry-links/{token}: what the emailed link opens. 'open' and 'answered' (every one
 * answered): the matter and its enquiries. 'expired', 'revoked': only the matter, who raised them and
 * what to do.
 */
export const EnquiryLinkView = z.object({
  state: z.enum(['open', 'expired', 'revoked', 'answered']),
  /** Why a revoked link stopped: a newer one was sent, or the firm joined Homeward, or its record went. */
  revoked_reason: z.enum(['superseded', 'joined', 'removed']).nullable(),
  address: z.string(),
  reference: z.string(),
  firm_name: z.string(),
  raised_by: z.object({ name: z.string(), firm: z.string().nullable(), email: z.string().nullable() }).nullable(),
  expires_at: Timestamp,
  enquiries: z.array(LinkEnquiry),
})
export type EnquiryLinkView = z.infer<typeof EnquiryLinkView>

export const LinkUploadQuery = z.object({
  filename: z.string().min(1, 'Give the file a name').max(1000, 'The file name is too long'),
})
export const LinkUpload = z.object({
  id: Uuid,
  filename: z.string(),
  size_bytes: z.number().int(),
  content_type: z.string(),
})
export type LinkUpload = z.infer<typeof LinkUpload>

export const LinkReplyInput = z.object({
  body: EnquiryText,
  upload_ids: z
    .array(Uuid)
    .max(ENQUIRY_MAX_ATTACHMENTS, `At most ${ENQUIRY_MAX_ATTACHMENTS} files on one reply`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
})
export type LinkReplyInput = z.input<typeof LinkReplyInput>

const VERSION_CONFLICT = {
  409: { description: 'Stale version (the answer names the current one), or a rule about who does what' },
  403: { description: 'Not your part of the matter (the message names the rule)' },
  422: { description: 'Not allowed in its state, e.g. a satisfied enquiry (the message names the rule)' },
} as const

const Changed = z.object({ version: z.number().int() })

/** The endpoints of enquiries, SLA clocks and a firm's settings for them. */
export const enquiryEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/transactions/{txId}/enquiries',
    summary: "The matter's pre-contract enquiries (conveyancers: in full; anyone else on the move: statuses only)",
    scopes: ['enquiries:read'],
    request: { params: TransactionParams },
    responses: { 200: json('Enquiries', EnquiryList), ...ERRORS },
  }),
  raise: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries',
    summary: "Raise one or several enquiries with the seller's conveyancer (buyer's conveyancer)",
    scopes: ['enquiries:write'],
    request: {
      params: TransactionParams,
      body: jsonBody(RaiseEnquiriesInput, {
        enquiries: [
          { category: 'title', body: 'Please supply the building regulations completion certificate for the loft.' },
        ],
      }),
    },
    responses: {
      201: json('Raised', z.object({ ids: z.array(Uuid) }), { ids: ['0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'] }),
      ...ERRORS,
      ...VERSION_CONFLICT,
    },
  }),
  edit: endpoint({
    method: 'patch',
    path: '/transactions/{txId}/enquiries/{enquiryId}',
    summary: "Correct an enquiry's text or category while it is not closed (buyer's conveyancer)",
    request: { params: EnquiryParams, body: jsonBody(EditEnquiryInput) },
    responses: { 200: json('Changed', Changed), ...ERRORS, ...VERSION_CONFLICT },
  }),
  reply: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/{enquiryId}/replies',
    summary: "Answer an enquiry (seller's conveyancer); its reply clock stops",
    scopes: ['enquiries:write'],
    request: {
      params: EnquiryParams,
      body: jsonBody(ReplyInput, { version: 1, body: 'The certificate is attached: Loft conversion completion.pdf.' }),
    },
    responses: { 201: json('Answered', Changed, { version: 2 }), ...ERRORS, ...VERSION_CONFLICT },
  }),
  changeStatus: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/{enquiryId}/status',
    summary: "Mark an enquiry satisfied, raise a further enquiry on it, or withdraw it (buyer's conveyancer)",
    scopes: ['enquiries:write'],
    request: { params: EnquiryParams, body: jsonBody(ChangeEnquiryStatusInput, { version: 2, status: 'satisfied' }) },
    responses: { 200: json('Changed', Changed, { version: 3 }), ...ERRORS, ...VERSION_CONFLICT },
  }),
  sellerTask: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/{enquiryId}/seller-task',
    summary: "Turn an enquiry into a timeline task for the seller (seller's conveyancer)",
    request: { params: EnquiryParams, body: jsonBody(SellerTaskInput) },
    responses: {
      201: json('Task made', Changed.extend({ task_id: Uuid })),
      ...ERRORS,
      ...VERSION_CONFLICT,
    },
  }),
  exportReplies: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/export',
    summary: "Export 'Replies to enquiries' as a PDF: a new version in the Contracts folder (conveyancers)",
    request: { params: TransactionParams },
    responses: { 201: json('The new document version', DocumentVersion), ...ERRORS, ...VERSION_CONFLICT },
  }),
  standardForMatter: endpoint({
    method: 'get',
    path: '/transactions/{txId}/standard-enquiries',
    summary: "The standard enquiries the viewer raises from on this matter (their firm's lists, else Homeward's)",
    request: { params: TransactionParams },
    responses: { 200: json('Standard enquiries', StandardEnquiries), ...ERRORS },
  }),
  clocks: endpoint({
    method: 'get',
    path: '/transactions/{txId}/sla-clocks',
    summary: "The matter's SLA clocks: due dates in working days, due soon or breached",
    request: { params: TransactionParams },
    responses: { 200: json('Clocks', ClockList), ...ERRORS },
  }),
  firmStandard: endpoint({
    method: 'get',
    path: '/firms/{orgId}/standard-enquiries',
    summary: "A firm's standard enquiry lists (people acting for the firm)",
    request: { params: FirmParams },
    responses: { 200: json('Standard enquiries', StandardEnquiries), ...ERRORS },
  }),
  putFirmStandard: endpoint({
    method: 'put',
    path: '/firms/{orgId}/standard-enquiries',
    summary: "Replace one category of a firm's standard enquiries (empty: back to Homeward's list)",
    request: { params: FirmParams, body: jsonBody(PutStandardEnquiriesInput) },
    responses: { 200: json('Standard enquiries', StandardEnquiries), ...ERRORS },
  }),
  firmSla: endpoint({
    method: 'get',
    path: '/firms/{orgId}/sla-settings',
    summary: "A firm's SLA targets in working days",
    request: { params: FirmParams },
    responses: { 200: json('SLA targets', SlaSettings), ...ERRORS },
  }),
  putFirmSla: endpoint({
    method: 'put',
    path: '/firms/{orgId}/sla-settings',
    summary: "Change a firm's SLA targets (clocks started from now on)",
    request: { params: FirmParams, body: jsonBody(PutSlaSettingsInput) },
    responses: { 200: json('SLA targets', SlaSettings), ...ERRORS },
  }),
  askClient: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/{enquiryId}/client-task',
    summary:
      "Ask your own client about an enquiry: a timeline task in which they answer with text and files (seller's conveyancer while it waits for a reply, buyer's conveyancer once it is answered)",
    request: { params: EnquiryParams, body: jsonBody(ClientTaskInput) },
    responses: {
      201: json('Task made', Changed.extend({ task_id: Uuid })),
      ...ERRORS,
      ...VERSION_CONFLICT,
    },
  }),
  logEnquiries: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/logged',
    summary: "Log enquiries received by email or letter, with the original attached (seller's conveyancer)",
    request: { params: TransactionParams, body: jsonBody(LogEnquiriesInput) },
    responses: { 201: json('Logged', z.object({ ids: z.array(Uuid) })), ...ERRORS, ...VERSION_CONFLICT },
  }),
  emailLink: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/email',
    summary:
      "Email the enquiries waiting for a reply to the seller's firm not on Homeward, with a fresh reply link (buyer's conveyancer)",
    request: { params: TransactionParams },
    responses: {
      201: json('Sent', EmailLinkSent),
      429: { description: 'Sent many times in a short while (Retry-After)' },
      ...ERRORS,
      ...VERSION_CONFLICT,
    },
  }),
  clientTask: endpoint({
    method: 'get',
    path: '/transactions/{txId}/enquiry-tasks/{taskId}',
    summary:
      "A client's task to answer an enquiry: its full text and the answer once sent (the client and their conveyancer)",
    request: { params: EnquiryTaskParams },
    responses: { 200: json('The task', ClientTask), ...ERRORS },
  }),
  answerClientTask: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiry-tasks/{taskId}/answer',
    summary:
      'The client answers: a draft reply (or further enquiry) for their conveyancer to review and send, with the files they uploaded; the task ticks itself',
    request: { params: EnquiryTaskParams, body: jsonBody(ClientAnswerInput) },
    responses: {
      201: json('Answer sent to the conveyancer', z.object({ draft_id: Uuid })),
      ...ERRORS,
      409: { description: 'Already answered' },
      403: { description: 'Not the client this task asks' },
      422: { description: 'The enquiry is closed, or a file is not one of yours your conveyancer can see' },
    },
  }),
  sendDraft: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/{enquiryId}/drafts/{draftId}/send',
    summary:
      "Send your client's answer, as edited, as the reply (seller's conveyancer) or further enquiry (buyer's conveyancer)",
    request: { params: DraftParams, body: jsonBody(SendDraftInput) },
    responses: { 200: json('Sent', Changed), ...ERRORS, ...VERSION_CONFLICT },
  }),
  discardDraft: endpoint({
    method: 'post',
    path: '/transactions/{txId}/enquiries/{enquiryId}/drafts/{draftId}/discard',
    summary: "Do not send your client's answer: the draft leaves the thread",
    request: { params: DraftParams, body: jsonBody(ClientTaskInput) },
    responses: { 200: json('Discarded', Changed), ...ERRORS, ...VERSION_CONFLICT },
  }),
  saveClientAnswer: endpoint({
    method: 'put',
    path: '/transactions/{txId}/enquiry-tasks/{taskId}/answer',
    summary: 'The client saves their answer and files without sending them: nobody else reads it until sent',
    request: { params: EnquiryTaskParams, body: jsonBody(ClientAnswerInput) },
    responses: {
      200: json('Saved', z.object({ saved: z.literal(true) })),
      ...ERRORS,
      409: { description: 'Already sent' },
      403: { description: 'Not the client this task asks' },
      422: { description: 'The enquiry is closed, or a file is not one of yours your conveyancer can see' },
    },
  }),
  linkView: endpoint({
    method: 'get',
    path: '/enquiry-links/{token}',
    security: PUBLIC,
    summary: 'What an emailed reply link opens (public: the token is the secret, scoped to its enquiries)',
    request: { params: EnquiryLinkParams },
    responses: { 200: json('The enquiries', EnquiryLinkView), 429: { description: 'Too many requests' }, ...ERRORS },
  }),
  linkUpload: endpoint({
    method: 'post',
    path: '/enquiry-links/{token}/uploads',
    security: PUBLIC,
    summary: 'Upload a file to send with a reply through the link (the file is the raw request body)',
    request: {
      params: EnquiryLinkParams,
      query: LinkUploadQuery,
      body: {
        required: true,
        content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
      },
    },
    responses: {
      201: json('Stored, waiting to be sent with a reply', LinkUpload),
      410: { description: 'The link expired, was replaced or every enquiry is answered' },
      413: { description: 'Too large' },
      415: { description: 'Not a PDF, JPEG, PNG, HEIC or Word (.docx) file' },
      429: { description: 'Too many requests' },
      ...ERRORS,
    },
  }),
  linkReply: endpoint({
    method: 'post',
    path: '/enquiry-links/{token}/enquiries/{enquiryId}/replies',
    security: PUBLIC,
    summary: 'Answer one enquiry of the link, with files uploaded through it',
    request: { params: EnquiryLinkEnquiryParams, body: jsonBody(LinkReplyInput) },
    responses: {
      201: json('Answered', z.object({ ok: z.literal(true) })),
      410: { description: 'The link expired, was replaced or every enquiry is answered' },
      429: { description: 'Too many requests' },
      ...ERRORS,
      ...VERSION_CONFLICT,
    },
  }),
}
