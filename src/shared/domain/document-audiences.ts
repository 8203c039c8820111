/**
 * Who may see a document on a move (documents.audience): the audiences, who each one is, and the
 * default audience of each kind of document. Decision 051. The server's one rule
 * (src/server/access/transactions.ts documentAudienceSql / documentAudienceFor) reads the roles from
 * AUDIENCE_ROLES, so the table below is the rule; the web app uses the same table for the upload
 * dialog's choice, the badges and the withheld-papers line.
 *
 * A person's role on the move is their participant role, else 'buyer'/'seller' from the move itself,
 * else the conveyancer role of the firm instructed on a side (its current members), else
 * 'estate_agent' for members of the agency working the sale (access/firms.ts). So "the buyer's
 * conveyancer" always includes the colleagues of the buyer's conveyancing firm on that matter.
 * Outsiders, former participants and giftors see no document of the move at all (404 on the move).
 */
import type { DocumentFolder } from './statuses'
import { PARTICIPANT_ROLES, type ParticipantRole } from './roles'

/** Every audience a document can have. */
export const DOCUMENT_AUDIENCES = [
  'everyone',
  'buyer_side',
  'seller_side',
  'clients_and_conveyancers',
  'buyer_and_conveyancer',
  'seller_and_conveyancer',
  'buyer_firm',
  'seller_firm',
  'buyer_funds',
  'buyer_mortgage',
] as const
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number]

interface AudienceInfo {
  /** Short name for a badge or a select option. */
  label: string
  /** One line on who that is, for the upload dialog. */
  who: string
  /** The participant roles that may see it ('everyone': every role on the move). */
  roles: readonly ParticipantRole[]
  /** The side whose business it is (a buyer-side audience is never the seller side's), or null. */
  side: 'buyer' | 'seller' | null
}

/** Every role on a move (roles.ts). */
const ALL_ROLES: readonly ParticipantRole[] = PARTICIPANT_ROLES

/** The audience table: label, who that is, and the roles it includes. */
export const AUDIENCE_INFO: Record<DocumentAudience, AudienceInfo> = {
  everyone: {
    label: 'Everyone on the move',
    who: 'Both clients, both conveyancers, the estate agent, the broker, the surveyor and anyone else on this move.',
    roles: ALL_ROLES,
    side: null,
  },
  buyer_side: {
    label: "Buyer's side",
    who: "The buyer and the professionals working for them: their conveyancer, broker, surveyor and buyer's agent.",
    roles: ['buyer', 'buyer_conveyancer', 'buyers_agent', 'mortgage_broker', 'surveyor'],
    side: 'buyer',
  },
  seller_side: {
    label: "Seller's side",
    who: 'The seller and the professionals working for them: their conveyancer and the estate agent.',
    roles: ['seller', 'seller_conveyancer', 'estate_agent'],
    side: 'seller',
  },
  clients_and_conveyancers: {
    label: 'Clients and conveyancers',
    who: 'The buyer, the seller and both conveyancers (not the agent, broker or surveyor).',
    roles: ['buyer', 'seller', 'buyer_conveyancer', 'seller_conveyancer'],
    side: null,
  },
  buyer_and_conveyancer: {
    label: 'Buyer and their conveyancer',
    who: "Only the buyer and their conveyancer's firm.",
    roles: ['buyer', 'buyer_conveyancer'],
    side: 'buyer',
  },
  seller_and_conveyancer: {
    label: 'Seller and their conveyancer',
    who: "Only the seller and their conveyancer's firm.",
    roles: ['seller', 'seller_conveyancer'],
    side: 'seller',
  },
  buyer_firm: {
    label: "Buyer's conveyancer's firm",
    who: "Only the buyer's conveyancer and their firm's colleagues on this matter (an internal file note).",
    roles: ['buyer_conveyancer'],
    side: 'buyer',
  },
  seller_firm: {
    label: "Seller's conveyancer's firm",
    who: "Only the seller's conveyancer and their firm's colleagues on this matter (an internal file note).",
    roles: ['seller_conveyancer'],
    side: 'seller',
  },
  buyer_funds: {
    label: "Buyer's funds",
    who: "Only the buyer and their conveyancer's firm: source of funds and gift papers.",
    roles: ['buyer', 'buyer_conveyancer'],
    side: 'buyer',
  },
  buyer_mortgage: {
    label: "Buyer's mortgage",
    who: "Only the buyer, their conveyancer's firm and their mortgage broker.",
    roles: ['buyer', 'buyer_conveyancer', 'mortgage_broker'],
    side: 'buyer',
  },
}

/** The participant roles an audience includes (AUDIENCE_INFO). */
export function audienceRoles(audience: DocumentAudience): readonly ParticipantRole[] {
  return AUDIENCE_INFO[audience].roles
}

/** True when someone holding `role` on the move is in the audience; false for no role or an unknown audience. */
export function audienceIncludes(audience: string, role: string | null | undefined): boolean {
  if (!role || !isDocumentAudience(audience)) return false
  return (AUDIENCE_INFO[audience].roles as readonly string[]).includes(role)
}

/** Every audience that includes `role` (for a handover to the buyer: the audiences the buyer may read). */
export function audiencesIncluding(role: string): DocumentAudience[] {
  return DOCUMENT_AUDIENCES.filter((a) => audienceIncludes(a, role))
}

/** Narrows untrusted text to an audience. */
export function isDocumentAudience(value: unknown): value is DocumentAudience {
  return typeof value === 'string' && (DOCUMENT_AUDIENCES as readonly string[]).includes(value)
}

/**
 * The audiences someone holding `role` may give a document they upload or change: the ones that
 * include them (no one files a paper they could not read themselves). A lender, on no side, has
 * only 'everyone'.
 */
export function audiencesFor(role: string | null | undefined): DocumentAudience[] {
  if (!role) return []
  return DOCUMENT_AUDIENCES.filter((a) => audienceIncludes(a, role))
}

/**
 * Kinds of document and their default audience, first match wins: a file name matching `pattern`
 * (case-insensitive; POSIX-compatible so the migration can use it in SQL with `~*`), or a file in one of
 * `folders`. 'client' audiences resolve to the uploader's side ('client_and_conveyancer' -> the buyer's
 * or the seller's). Decision 051 has this as a table.
 */
export const DOCUMENT_KINDS = [
  {
    kind: 'funds',
    label: 'Source of funds and gift papers',
    pattern: 'gift|source.of.(funds|wealth)|bank.statement|proof.of.(funds|deposit)',
    folders: [],
    audience: 'buyer_funds',
  },
  {
    kind: 'client_care',
    label: 'Client-care letter',
    pattern: 'client.?care|terms.of.engagement|engagement.letter',
    folders: [],
    audience: 'client_and_conveyancer',
  },
  {
    kind: 'identity',
    label: 'Identity and due-diligence (CDD) papers',
    pattern: 'passport|driving.licen|identity|due.diligence|proof.of.address|(^|[^a-z])(id|aml|cdd|kyc)([^a-z]|$)',
    folders: ['Identity'],
    audience: 'client_and_conveyancer',
  },
  {
    kind: 'mortgage',
    label: 'Mortgage papers and the decision in principle',
    pattern: 'mortgage|decision.in.principle|agreement.in.principle|(^|[^a-z])(dip|aip|esis)([^a-z]|$)',
    folders: ['Mortgage'],
    audience: 'buyer_mortgage',
  },
  {
    kind: 'survey',
    label: "The buyer's survey",
    pattern: 'survey|homebuyer|building.report|rics',
    folders: [],
    audience: 'buyer_side',
  },
  {
    kind: 'memorandum',
    label: 'Memorandum of sale',
    pattern: 'memorandum.of.sale',
    folders: [],
    audience: 'everyone',
  },
  {
    kind: 'property_forms',
    label: 'TA6, TA7 and TA10 forms',
    pattern: 'ta6|ta7|ta10|property.information|fittings.and.contents|leasehold.information',
    folders: ['Fixtures'],
    audience: 'clients_and_conveyancers',
  },
  {
    kind: 'enquiries',
    label: 'Enquiries and replies',
    pattern: 'enquir|requisition',
    folders: [],
    audience: 'clients_and_conveyancers',
  },
  {
    kind: 'contract',
    label: 'Contract papers and title',
    pattern: 'contract|official.cop|title|register|transfer|tr1|report.on.title',
    folders: ['Contracts'],
    audience: 'clients_and_conveyancers',
  },
  {
    kind: 'searches',
    label: 'Searches',
    pattern: 'search|con29|llc1|drainage|environmental|chancel',
    folders: ['Searches'],
    audience: 'clients_and_conveyancers',
  },
] as const satisfies readonly {
  kind: string
  label: string
  pattern: string
  folders: readonly DocumentFolder[]
  audience: DocumentAudience | 'client_and_conveyancer'
}[]
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]['kind'] | 'other'

/** The default audience of anything no kind matches (a photo, an EPC, a floor plan in Property). */
export const OTHER_KIND_AUDIENCE: DocumentAudience = 'everyone'

/** The kind of a document from its folder and file name (DOCUMENT_KINDS, first match), or 'other'. */
export function documentKind(folder: string, filename: string): DocumentKind {
  const found = DOCUMENT_KINDS.find(
    (k) => new RegExp(k.pattern, 'i').test(filename) || (k.folders as readonly string[]).includes(folder),
  )
  return found?.kind ?? 'other'
}

/** A kind's default audience for an uploader on `side` ('client_and_conveyancer' resolved to that side; the buyer's when none). */
export function resolveKindAudience(
  audience: DocumentAudience | 'client_and_conveyancer',
  side: 'buyer' | 'seller' | null,
): DocumentAudience {
  if (audience !== 'client_and_conveyancer') return audience
  return side === 'seller' ? 'seller_and_conveyancer' : 'buyer_and_conveyancer'
}

/**
 * The default audience of a document filed in `folder` as `filename` by someone on `side` (their role's
 * side: src/shared/domain/permissions.ts sideOf). Decision 051.
 */
export function defaultDocumentAudience(
  folder: string,
  filename: string,
  side: 'buyer' | 'seller' | null,
): DocumentAudience {
  const kind = documentKind(folder, filename)
  if (kind === 'other') return OTHER_KIND_AUDIENCE
  const found = DOCUMENT_KINDS.find((k) => k.kind === kind)!
  return resolveKindAudience(found.audience, side)
}

/**
 * The default audience of a document filed by someone holding `role` on the move: its kind's default
 * for their side (defaultDocumentAudience) when that includes them, else the narrowest audience that
 * does (a seller's conveyancer filing a paper named like a gift letter keeps it on the seller's side,
 * not in the buyer's funds, which they could not read). Decision 051.
 */
export function defaultAudienceForUploader(folder: string, filename: string, role: string): DocumentAudience {
  const side = role === 'lender' ? null : AUDIENCE_INFO.buyer_side.roles.some((r) => r === role) ? 'buyer' : 'seller'
  const kindDefault = defaultDocumentAudience(folder, filename, side)
  if (audienceIncludes(kindDefault, role)) return kindDefault
  const mine = audiencesFor(role).sort((a, b) => AUDIENCE_INFO[a].roles.length - AUDIENCE_INFO[b].roles.length)
  return mine[0] ?? 'everyone'
}

/** The label of an audience for a badge; unknown text is shown as it is. */
export function audienceLabel(audience: string): string {
  return isDocumentAudience(audience) ? AUDIENCE_INFO[audience].label : audience
}

/**
 * What the other side is told is withheld from it, in words (issue 35): shown to the seller's side
 * on the documents tab, since the buyer's private papers are not listed for them.
 */
export const WITHHELD_FROM_SELLER_SIDE = "The buyer's mortgage and identity papers are private to the buyer's side."
/** The same for the buyer's side looking at the seller's private papers. */
export const WITHHELD_FROM_BUYER_SIDE = "The seller's identity papers are private to the seller's side."
