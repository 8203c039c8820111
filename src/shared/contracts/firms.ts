/**
 * Contracts of firms and the cases board: a professional's firm (the directory's organization), its
 * members and invitations, matters (a transaction the firm is instructed on, one side, one fee
 * earner) and the board of the firm's matters with filters, sorting and keyset pages.
 */
import { z } from 'zod'
import {
  BOARD_PAGE_SIZE,
  BOARD_SORTS,
  BOARD_VIEWS,
  MATTER_REFERENCE_MAX,
  MATTER_SIDES,
  MEMBER_ROLES,
  SLA_FILTERS,
  SLA_STATUSES,
} from '../domain/firms'
import { SECURITY_EVENT_KINDS } from './account'
import { Email, FullName } from './auth'
import { Timestamp, TransactionParams, Uuid } from './common'
import { displayLine, displayText } from './common'
import { FIRM_DESCRIPTION_MAX } from '../domain/firm-profile'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'
import { CreateTransactionFields, nationFitsPostcode } from './transactions'
import { SeatHolder } from './off-platform-parties'
import { ORGANIZATION_TYPES } from '../domain/organizations'

const MemberRole = z.enum(MEMBER_ROLES, { message: 'Choose admin, fee earner or assistant' })

/** A firm as its members see it. `listed`: shown in the marketplace (its profile has a description, a town and a contact email). */
export const Firm = z.object({
  id: Uuid,
  name: z.string(),
  type: z.string(),
  town: z.string().nullable(),
  postcode_district: z.string().nullable(),
  contact_email: z.string().nullable(),
  listed: z.boolean(),
})
export type Firm = z.infer<typeof Firm>

export const FirmMember = z.object({
  profile_id: Uuid,
  full_name: z.string(),
  email: z.string(),
  role: MemberRole,
  joined_at: Timestamp,
  /** Live matters they hold as fee earner. */
  matters_count: z.number().int(),
})
export type FirmMember = z.infer<typeof FirmMember>

export const FirmInvitation = z.object({
  id: Uuid,
  email: z.string(),
  role: MemberRole,
  status: z.enum(['pending', 'accepted', 'revoked']),
  expires_at: Timestamp,
  created_at: Timestamp,
})
export type FirmInvitation = z.infer<typeof FirmInvitation>

/** GET /api/firm: the viewer's firm, their role in it, its members and pending invitations; firm null when none. */
export const MyFirmResponse = z.object({
  firm: Firm.nullable(),
  my_role: MemberRole.nullable(),
  members: z.array(FirmMember),
  invitations: z.array(FirmInvitation),
})
export type MyFirmResponse = z.infer<typeof MyFirmResponse>

/** POST /api/firm: create a firm and its marketplace listing, the creator its admin. */
export const CreateFirmInput = z.object({
  name: displayLine()
    .trim()
    .min(1, 'Enter the name of your firm')
    .max(200, 'A firm name can be at most 200 characters'),
  town: displayLine().trim().min(1, 'Enter the town').max(60, 'Town must be at most 60 characters'),
  postcode_district: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,2}[0-9][0-9A-Z]?$/, 'Enter a postcode district such as AL1 or SW1A'),
  contact_email: Email,
  /** What the firm does, for its marketplace listing; optional here, edited later in Firm settings. */
  description: z
    .union([
      displayText().trim().max(FIRM_DESCRIPTION_MAX, `A description can be at most ${FIRM_DESCRIPTION_MAX} characters`),
      z.null(),
    ])
    .transform((v) => (v ? v : null))
    .optional(),
})
export type CreateFirmInput = z.input<typeof CreateFirmInput>
export type CreateFirmData = z.output<typeof CreateFirmInput>

/** POST /api/firm/claim: claim an existing marketplace listing nobody has joined yet. */
export const ClaimListingInput = z.object({ organization_id: Uuid })

/** GET /api/firm/listings?q=: search the directory for a listing of the viewer's trade to claim. */
export const ListingSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 letters of the firm name').max(100),
})

/**
 * A directory listing nobody has joined yet. `domain`: its contact email's domain (the viewer must
 * sign in from an address there to claim it); `claimable`: the viewer's email is at that domain.
 */
export const ClaimableListing = z.object({
  id: Uuid,
  name: z.string(),
  town: z.string().nullable(),
  postcode_district: z.string().nullable(),
  domain: z.string().nullable(),
  claimable: z.boolean(),
})
export type ClaimableListing = z.infer<typeof ClaimableListing>

export const ListingSearchResponse = z.object({ listings: z.array(ClaimableListing) })
export type ListingSearchResponse = z.infer<typeof ListingSearchResponse>

/** POST /api/firm/invitations: an admin invites a colleague by email. */
export const InviteMemberInput = z.object({ email: Email, role: MemberRole })
export type InviteMemberInput = z.input<typeof InviteMemberInput>

export const FirmInvitationParams = z.object({ invitationId: Uuid })
export const FirmInvitationTokenParams = z.object({ token: z.string().min(20).max(100) })
export const MemberParams = z.object({ profileId: Uuid })

/** PATCH /api/firm/members/{profileId}: change a member's role. */
export const ChangeMemberInput = z.object({ role: MemberRole })

/**
 * GET /api/firm-invitations/{token} (public: the token is the secret): what a firm invitation is for,
 * for the joining page. The address is masked, as for a move's invitation (security battery 2026-12, I1).
 */
export const FirmInvitationPreview = z.object({
  /** 'expired': still pending but past `expires_at`. */
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  firm_name: z.string(),
  firm_type: z.enum(ORGANIZATION_TYPES),
  role: MemberRole,
  invited_by_name: z.string().nullable(),
  /** The invited address, masked ('p***@example.com'). */
  email: z.string(),
  expires_at: Timestamp,
})
export type FirmInvitationPreview = z.infer<typeof FirmInvitationPreview>

/**
 * GET /api/firm/figures: the viewer's firm's figures as src/server/core/firm-figures.ts defines them
 * (the one source of the board, accreditation and onboarding); null when the viewer is in no firm.
 */
export const FirmFiguresResponse = z.object({
  figures: z
    .object({
      organization_id: Uuid,
      /** The firm's moves, any status: its matters and the moves its people act on for it. */
      matters: z.number().int(),
      /** Of them, in draft, active or exchange. */
      live: z.number().int(),
      completed: z.number().int(),
      /** Of them, cancelled (live + completed + cancelled = matters). */
      cancelled: z.number().int(),
      /** Current members of the firm. */
      members: z.number().int(),
    })
    .nullable(),
})
export type FirmFiguresResponse = z.infer<typeof FirmFiguresResponse>

/** POST /api/firm/invitations/{token}/accept answers the firm joined. */
export const AcceptFirmInvitationResponse = z.object({ organization_id: Uuid, role: MemberRole })
export type AcceptFirmInvitationResponse = z.infer<typeof AcceptFirmInvitationResponse>

const OptionalDate = z
  .union([z.iso.date({ message: 'Use a date like 2027-03-31' }), z.literal('').transform(() => undefined)])
  .optional()

/**
 * A matter's reference in the firm's own system (e.g. "SMP/2026/0412"): up to 40 characters on one
 * line; empty means none. Unique within a firm (409 when taken).
 */
export const MatterReference = z
  .union([
    displayLine().trim().max(MATTER_REFERENCE_MAX, `Reference must be at most ${MATTER_REFERENCE_MAX} characters`),
    z.literal(''),
  ])
  .optional()
  .transform((v) => (v ? v : undefined))

/**
 * POST /api/matters: open a matter for a client, as the buyer's or the seller's conveyancer. Makes
 * the move (draft) with the firm on it, the matter, and invites the client by email.
 */
export const OpenMatterInput = CreateTransactionFields.omit({ role: true })
  .extend({
    side: z.enum(MATTER_SIDES, { message: "Choose whether you act as the buyer's or the seller's conveyancer" }),
    client_name: FullName,
    client_email: Email,
    /** Default: the person opening it. Admins may open for any admin or fee earner of the firm. */
    fee_earner_id: Uuid.optional(),
    target_exchange_date: OptionalDate,
    target_completion_date: OptionalDate,
    /** The firm's own file reference (its case-management system's), unique within the firm. */
    reference: MatterReference,
  })
  .refine(
    (v) => !v.target_exchange_date || !v.target_completion_date || v.target_exchange_date <= v.target_completion_date,
    { path: ['target_completion_date'], message: 'Target completion cannot be before target exchange' },
  )
  .superRefine(nationFitsPostcode)
export type OpenMatterInput = z.input<typeof OpenMatterInput>
export type OpenMatterData = z.output<typeof OpenMatterInput>

export const OpenMatterResponse = z.object({ matter_id: Uuid, transaction_id: Uuid })

/** The OpenAPI document's example of opening a matter (checked against OpenMatterInput by a test). */
export const OPEN_MATTER_EXAMPLE = {
  address_line_1: '12 Clarence Road',
  town: 'St Albans',
  postcode: 'AL1 4NG',
  agreed_price: 425000,
  tenure: 'freehold',
  side: 'buyer',
  client_name: 'Helen Brooks',
  client_email: 'helen.brooks@example.com',
  target_exchange_date: '2027-02-26',
  target_completion_date: '2027-03-12',
  reference: 'SMP/2026/0412',
} satisfies OpenMatterInput

export const MatterParams = z.object({ matterId: Uuid })

/** PATCH /api/matters/{matterId}/fee-earner: an admin hands the matter to another member. */
export const ReassignMatterInput = z.object({ fee_earner_id: Uuid, version: z.number().int().min(1) })
export const ReassignMatterResponse = z.object({ version: z.number().int() })

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)

/** GET /api/cases: the board's filters, sort and page, as the URL carries them. */
export const BoardQuery = z.object({
  stage: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  /** A status, or 'paused': the clock the row shows is paused while its stage is blocked. */
  sla: z.preprocess(emptyToUndefined, z.enum(SLA_FILTERS).optional()),
  side: z.preprocess(emptyToUndefined, z.enum(MATTER_SIDES).optional()),
  fee_earner: z.preprocess(emptyToUndefined, Uuid.optional()),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(BOARD_SORTS).default('instructed')),
  /** Opaque: the next_cursor of the previous page. */
  cursor: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  limit: z.coerce.number().int().min(1).max(BOARD_PAGE_SIZE).default(BOARD_PAGE_SIZE),
})
export type BoardQuery = z.input<typeof BoardQuery>
export type BoardQueryData = z.output<typeof BoardQuery>

export const BoardViewParam = z.enum(BOARD_VIEWS)

export const BoardSla = z.object({
  status: z.enum(SLA_STATUSES),
  /** The clock that drives the status (the open clock nearest breach), or null when none is open. */
  clock: z.string().nullable(),
  /** Its last working day allowed (yyyy-mm-dd); null while paused before reaching it. */
  due_on: z.string().nullable(),
  /** The clock is paused: its stage is blocked. */
  paused: z.boolean(),
})

/** One matter on the board. Dates are yyyy-mm-dd (Europe/London); times ISO. */
export const BoardRow = z.object({
  matter_id: Uuid,
  transaction_id: Uuid,
  version: z.number().int(),
  address: z.string(),
  postcode: z.string(),
  client_names: z.array(z.string()),
  side: z.enum(MATTER_SIDES),
  stage: z.string().nullable(),
  stage_blocked: z.boolean(),
  transaction_status: z.string(),
  next_task: z.string().nullable(),
  next_task_due: z.string().nullable(),
  days_since_instruction: z.number().int(),
  instructed_at: Timestamp,
  target_exchange_date: z.string().nullable(),
  target_completion_date: z.string().nullable(),
  sla: BoardSla,
  last_activity_at: Timestamp.nullable(),
  unread_messages: z.number().int(),
  fee_earner: z.object({ id: Uuid, full_name: z.string() }).nullable(),
  /**
   * The other side's conveyancer where known: a firm on Homeward (`on_homeward` true), or the firm
   * recorded as not on Homeward (off-platform parties); null when nobody is recorded.
   */
  other_conveyancer: SeatHolder.nullable(),
})
export type BoardRow = z.infer<typeof BoardRow>

export const BoardResponse = z.object({
  rows: z.array(BoardRow),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Matters matching the filters, across every page. */
  total: z.number().int(),
  /** Every current member who may hold a matter, for the fee earner filter and reassigning. */
  fee_earners: z.array(z.object({ id: Uuid, full_name: z.string(), role: MemberRole })),
  viewer_role: MemberRole.nullable(),
})
export type BoardResponse = z.infer<typeof BoardResponse>

/**
 * GET /api/transactions/{txId}/matter: the viewer's firm's matter on this move, for the workspace:
 * its fee earner and, for reassigning (admins), who in the firm may hold it.
 */
export const TransactionMatter = z.object({
  matter_id: Uuid,
  version: z.number().int(),
  side: z.enum(MATTER_SIDES),
  fee_earner: z.object({ id: Uuid, full_name: z.string() }).nullable(),
  /** The viewer's role in the firm: only an admin reassigns. */
  viewer_role: MemberRole,
  fee_earners: z.array(z.object({ id: Uuid, full_name: z.string(), role: MemberRole })),
})
export type TransactionMatter = z.infer<typeof TransactionMatter>

/** `matter` is null when the viewer is on the move but their firm holds no matter on it. */
export const TransactionMatterResponse = z.object({ matter: TransactionMatter.nullable() })
export type TransactionMatterResponse = z.infer<typeof TransactionMatterResponse>

export const FirmIdParams = z.object({ orgId: Uuid })

/** Events per page of a firm's activity, by default and at most. */
export const FIRM_EVENTS_PAGE_SIZE = 25
export const FIRM_EVENTS_MAX_PAGE_SIZE = 100

/** GET /api/firms/{orgId}/events: newest first, keyset pages. */
export const FirmEventsQuery = z.object({
  /** Opaque: the next_cursor of the previous page. */
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(FIRM_EVENTS_MAX_PAGE_SIZE).default(FIRM_EVENTS_PAGE_SIZE),
})
export type FirmEventsQuery = z.input<typeof FirmEventsQuery>

/**
 * One firm event (a `firm.*` security event): who did it (null once their account is deleted),
 * when, and what, in `detail` (the member or invited email and roles before and after, the matter's
 * address and fee earners, the SLA targets' before and after, the enquiry category).
 */
export const FirmEvent = z.object({
  id: Uuid,
  kind: z.enum(SECURITY_EVENT_KINDS),
  detail: z.record(z.string(), z.unknown()),
  actor: z.object({ full_name: z.string() }).nullable(),
  created_at: Timestamp,
})
export type FirmEvent = z.infer<typeof FirmEvent>

export const FirmEventsResponse = z.object({
  events: z.array(FirmEvent),
  /** Pass as `cursor` for older events; null on the last page. */
  next_cursor: z.string().nullable(),
})
export type FirmEventsResponse = z.infer<typeof FirmEventsResponse>

const FORBIDDEN = { 403: { description: 'Not allowed in your member role' } } as const

/** The OpenAPI document's example of a board page (checked against BoardResponse by a test). */
const BOARD_EXAMPLE: z.input<typeof BoardResponse> = {
  rows: [
    {
      matter_id: '3f1c2a4e-8a7b-4c1d-9e2f-5a6b7c8d9e0f',
      transaction_id: '7d2e4f6a-1b3c-4d5e-8f9a-0b1c2d3e4f5a',
      version: 1,
      address: '12 Clarence Road, St Albans',
      postcode: 'AL1 4NG',
      client_names: ['Helen Brooks'],
      side: 'buyer',
      stage: 'Searches & enquiries',
      stage_blocked: false,
      transaction_status: 'active',
      next_task: 'Pre-contract enquiries raised',
      next_task_due: '2026-12-14',
      days_since_instruction: 12,
      instructed_at: '2026-11-25T10:30:00.000Z',
      target_exchange_date: '2027-02-26',
      target_completion_date: '2027-03-12',
      sla: { status: 'on_track', clock: 'Replies to enquiries', due_on: '2026-12-14', paused: false },
      last_activity_at: '2026-12-04T15:12:00.000Z',
      unread_messages: 0,
      fee_earner: { id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e', full_name: 'Priya Shah' },
      other_conveyancer: { name: 'Mercer & Co Solicitors', person_name: 'Dan Mercer', on_homeward: false },
    },
  ],
  next_cursor: null,
  total: 1,
  fee_earners: [{ id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e', full_name: 'Priya Shah', role: 'admin' }],
  viewer_role: 'admin',
}

/** The firms and cases board endpoints. */
export const firmsEndpoints = {
  myFirm: endpoint({
    method: 'get',
    path: '/firm',
    summary: "The viewer's firm, their member role, its members and (admins) pending invitations",
    responses: { 200: json('My firm', MyFirmResponse), ...ERRORS },
  }),
  createFirm: endpoint({
    method: 'post',
    path: '/firm',
    summary: 'Create a firm and its marketplace listing; the creator becomes its admin',
    request: { body: jsonBody(CreateFirmInput) },
    responses: {
      201: json('Created', MyFirmResponse),
      409: { description: 'Already in a firm' },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  searchListings: endpoint({
    method: 'get',
    path: '/firm/listings',
    summary: "Directory listings of the viewer's trade that nobody has joined, by name (at most 20)",
    request: { query: ListingSearchQuery },
    responses: { 200: json('Listings', ListingSearchResponse), ...FORBIDDEN, ...ERRORS },
  }),
  claimListing: endpoint({
    method: 'post',
    path: '/firm/claim',
    summary: 'Claim a marketplace listing nobody has joined, from an email at its domain',
    request: { body: jsonBody(ClaimListingInput) },
    responses: {
      200: json('Claimed', MyFirmResponse),
      409: { description: 'Already in a firm, or the listing has members' },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  inviteMember: endpoint({
    method: 'post',
    path: '/firm/invitations',
    summary: 'Invite a colleague by email in a member role (admins)',
    request: { body: jsonBody(InviteMemberInput) },
    responses: {
      201: json('Invited', MyFirmResponse),
      409: { description: 'Already a member' },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  revokeInvitation: endpoint({
    method: 'delete',
    path: '/firm/invitations/{invitationId}',
    summary: 'Withdraw a pending invitation (admins)',
    request: { params: FirmInvitationParams },
    responses: { 204: { description: 'Withdrawn' }, ...FORBIDDEN, ...ERRORS },
  }),
  acceptInvitation: endpoint({
    method: 'post',
    path: '/firm-invitations/{token}/accept',
    summary: 'Join the firm as the signed-in person (email must match the invitation)',
    request: { params: FirmInvitationTokenParams },
    responses: {
      200: json('Joined', AcceptFirmInvitationResponse),
      403: { description: 'Signed in with another email' },
      409: { description: 'Already in a firm' },
      410: { description: 'Used, withdrawn or expired' },
      ...ERRORS,
    },
  }),
  changeMember: endpoint({
    method: 'patch',
    path: '/firm/members/{profileId}',
    summary: "Change a member's role (admins; the firm keeps an admin)",
    request: { params: MemberParams, body: jsonBody(ChangeMemberInput) },
    responses: {
      200: json('Changed', MyFirmResponse),
      409: { description: 'Last admin, or holds live matters' },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  removeMember: endpoint({
    method: 'delete',
    path: '/firm/members/{profileId}',
    summary: 'Remove a member from the firm (admins; their live matters reassigned first)',
    request: { params: MemberParams },
    responses: {
      204: { description: 'Removed' },
      409: { description: 'Last admin, or holds live matters' },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  openMatter: endpoint({
    method: 'post',
    path: '/matters',
    summary: "Open a matter for a client as the buyer's or seller's conveyancer, and invite the client",
    scopes: ['matters:write'],
    request: { body: jsonBody(OpenMatterInput, OPEN_MATTER_EXAMPLE) },
    responses: {
      201: json('Opened', OpenMatterResponse, {
        matter_id: '3f1c2a4e-8a7b-4c1d-9e2f-5a6b7c8d9e0f',
        transaction_id: '7d2e4f6a-1b3c-4d5e-8f9a-0b1c2d3e4f5a',
      }),
      409: { description: 'The reference is already used by another matter of the firm' },
      422: { description: 'The fee earner is not an admin or fee earner of the firm' },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  reassignMatter: endpoint({
    method: 'patch',
    path: '/matters/{matterId}/fee-earner',
    summary: 'Hand a matter to another admin or fee earner of the firm (admins)',
    request: { params: MatterParams, body: jsonBody(ReassignMatterInput) },
    responses: {
      200: json('Reassigned', ReassignMatterResponse),
      409: { description: 'Changed meanwhile: the message gives the current version' },
      422: { description: 'Not a current member, or an assistant' },
      ...FORBIDDEN,
      ...ERRORS,
    },
  }),
  firmEvents: endpoint({
    method: 'get',
    path: '/firms/{orgId}/events',
    summary: "The firm's activity (admins): membership, invitations, reassigned matters, settings changes",
    request: { params: FirmIdParams, query: FirmEventsQuery },
    responses: { 200: json('Events', FirmEventsResponse), ...FORBIDDEN, ...ERRORS },
  }),
  transactionMatter: endpoint({
    method: 'get',
    path: '/transactions/{txId}/matter',
    summary: "The viewer's firm's matter on this move (null when none): its fee earner and who may hold it",
    request: { params: TransactionParams },
    responses: { 200: json('Matter', TransactionMatterResponse), ...ERRORS },
  }),
  board: endpoint({
    method: 'get',
    path: '/cases',
    summary: "The cases board: the firm's matters with filters, sorting and keyset pages of at most 100",
    scopes: ['cases:read'],
    request: { query: BoardQuery },
    responses: {
      200: json('Board', BoardResponse, BOARD_EXAMPLE),
      402: { description: "The firm's Pro plan or trial has ended" },
      ...ERRORS,
    },
  }),
  figures: endpoint({
    method: 'get',
    path: '/firm/figures',
    summary: "The viewer's firm's figures: matters, live and completed moves, members (one definition for every page)",
    responses: { 200: json('Figures', FirmFiguresResponse), ...ERRORS },
  }),
  previewInvitation: endpoint({
    method: 'get',
    path: '/firm-invitations/{token}',
    security: PUBLIC,
    summary:
      'What a firm invitation link is for: the firm, its trade, the role and who invited (public: the token is the secret)',
    request: { params: FirmInvitationTokenParams },
    responses: { 200: json('Preview', FirmInvitationPreview), ...ERRORS },
  }),
  linkMatter: endpoint({
    method: 'post',
    path: '/transactions/{txId}/matter',
    summary:
      "Link this move to the viewer's firm as a matter of their side (the conveyancer on it, an admin or fee earner of a conveyancing firm)",
    request: { params: TransactionParams },
    responses: {
      200: json('Matter', TransactionMatterResponse),
      403: { description: "Not the buyer's or the seller's conveyancer on this move" },
      409: { description: "That side of the move is already another firm's matter" },
      422: { description: 'Not in a conveyancing firm, or an assistant' },
      ...ERRORS,
    },
  }),
}
