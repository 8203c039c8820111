/**
 * Homeward's transaction as a Property Data Trust Framework (PDTF) v3 transaction, and back.
 * Schema: src/server/core/pdtf/schema/pdtf-transaction.v3.json (OPDA, MIT licence; the copy of
 * ../shared/pdtf/v3). Pure functions: the use cases read and write the database.
 *
 * What we cover (and an import reads back): the property's address, UPRN, tenure, title number, the
 * seller's TA6/TA10 answers with their signatures (SIGNED_FORMS_KEY), and the price (read back as a
 * marketing price: the importer gives the agreed price). What we export besides: the status, the participants with their PDTF roles and
 * organisations (names only: no email, phone or date of birth leaves Homeward in a pack), the searches
 * from the timeline's search tasks, and the timeline as PDTF milestones. PDTF v3's transaction schema
 * has no milestones element, so they go in a root `milestones` object named as PDTF's milestones are
 * (../shared/domain/conveyancing.md: sold subject to contract, searches, enquiries, exchange,
 * completion); the schema allows properties it does not name.
 */
import type { ParticipantRole } from '#shared/domain/roles.ts'
import type { Nation } from '#shared/domain/nations.ts'
import type { StageStatus, Tenure, TransactionStatus } from '#shared/domain/statuses.ts'
import { ENQUIRIES_STAGE_NAME, TASK_TITLES } from '#shared/domain/timeline-template.ts'

export const PDTF_SCHEMA_ID = 'https://trust.propdata.org.uk/schemas/v3/pdtf-transaction.json'

/** What the export reads from the database. Dates are yyyy-mm-dd, timestamps ISO 8601. */
export interface PdtfSource {
  transactionId: string
  status: TransactionStatus
  agreedPricePence: number | null
  exchangeDate: string | null
  completionDate: string | null
  property: {
    addressLines: string[]
    postcode: string
    uprn: string | null
    tenure: Tenure | null
    titleNumber: string | null
    /** England or Wales, as stored on the property: PDTF's homeNation. */
    nation: Nation
  }
  participants: { role: ParticipantRole; fullName: string; organisation: string | null }[]
  stages: {
    name: string
    status: StageStatus
    blockedReason: string | null
    tasks: { title: string; completedAt: string | null }[]
  }[]
  /**
   * The seller's TA6 and TA10 answers as filled in Homeward (propertyPack fragments, valid PDTF:
   * features/property-forms); the mapping's own fields win where both name one.
   */
  formAnswers?: Record<string, unknown>[]
  /** The signed forms among them: who signed each (the typed name) and when (ISO 8601). */
  formSignatures?: { form: 'ta6' | 'ta10'; signedName: string; signedAt: string }[]
}

/**
 * Homeward's extension at the root of a pack (PDTF v3 names no signature of the seller's forms; the
 * schema allows properties it does not name): which of the TA6/TA10 answers in propertyPack the seller
 * signed, by the name they typed and when. An import reads it back (features/pdtf/import-pdtf.ts), so
 * that a round trip keeps the signed answers signed (issue 39).
 */
export const SIGNED_FORMS_KEY = 'signedForms'
/** The form names the extension uses. */
export const SIGNED_FORM_NAMES = { ta6: 'TA6', ta10: 'TA10' } as const

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** `base` with `extra` merged in below it: objects merge key by key, and `base`'s values win. */
function mergeUnder(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...extra }
  for (const [k, v] of Object.entries(base)) {
    const e = out[k]
    out[k] = isPlainObject(v) && isPlainObject(e) ? mergeUnder(v, e) : v
  }
  return out
}

/** The PDTF participant role for each of ours (PDTF v3 participants[].role). */
export const PDTF_ROLES: Record<ParticipantRole, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  buyer_conveyancer: "Buyer's Conveyancer",
  seller_conveyancer: "Seller's Conveyancer",
  estate_agent: 'Estate Agent',
  buyers_agent: "Buyer's Agent",
  mortgage_broker: 'Mortgage Broker',
  lender: 'Lender',
  surveyor: 'Surveyor',
}

/** PDTF v3 `status` for ours: a Homeward move starts at an accepted offer, i.e. sold subject to contract. */
const PDTF_STATUS: Record<TransactionStatus, string> = {
  draft: 'Sold subject to contract',
  active: 'Sold subject to contract',
  exchange: 'Contracts exchanged',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/** The timeline's search-ordering tasks and the PDTF search they stand for. */
const SEARCH_TASKS: { title: string; displayName: string; contentType: string }[] = [
  {
    title: TASK_TITLES.localSearchOrdered,
    displayName: 'Local authority search (LLC1 + CON29)',
    contentType: 'Local Authority Search',
  },
  {
    title: 'Drainage and water search (CON29DW) ordered',
    displayName: 'Drainage and water search (CON29DW)',
    contentType: 'Drainage and Water Search',
  },
  { title: 'Environmental search ordered', displayName: 'Environmental search', contentType: 'Environmental Risks' },
]

type Json = Record<string, unknown>

/** "Jane Q Smith" as PDTF's name object: the last word is the last name. */
export function pdtfName(fullName: string): { firstName?: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  const lastName = words.pop() ?? 'Unknown'
  return words.length ? { firstName: words.join(' '), lastName } : { lastName }
}

function dateTime(value: string): string {
  // PDTF's date-time is RFC 3339 with an offset; a bare date is taken as midnight UTC.
  return value.length === 10 ? `${value}T00:00:00Z` : new Date(value).toISOString()
}

function findTask(source: PdtfSource, title: string) {
  for (const stage of source.stages) {
    const task = stage.tasks.find((t) => t.title === title)
    if (task) return task
  }
  return undefined
}

function stageCompletedAt(source: PdtfSource, name: string): string | null {
  const stage = source.stages.find((s) => s.name === name)
  if (!stage || stage.status !== 'completed') return null
  const times = stage.tasks.map((t) => t.completedAt).filter((t): t is string => !!t)
  return times.length ? times.sort().at(-1)! : null
}

/** The PDTF v3 transaction for `source`. */
export function toPdtf(source: PdtfSource): Json {
  const p = source.property
  const town = p.addressLines.length > 1 ? p.addressLines.at(-1) : undefined
  const streetLines = town ? p.addressLines.slice(0, -1) : p.addressLines
  const address: Json = {
    line1: streetLines[0] ?? '',
    ...(streetLines[1] ? { line2: streetLines[1] } : {}),
    ...(streetLines[2] ? { line3: streetLines.slice(2).join(', ') } : {}),
    ...(town ? { town } : {}),
    postcode: p.postcode,
    homeNation: p.nation === 'wales' ? 'Wales' : 'England',
  }
  const ownershipType = p.tenure === 'leasehold' ? 'Leasehold' : p.tenure === 'freehold' ? 'Freehold' : undefined
  const propertyPack: Json = {
    address,
    ...(p.uprn ? { uprn: Number(p.uprn) } : {}),
    ...(ownershipType ? { marketingTenure: ownershipType } : {}),
    ...(ownershipType || p.titleNumber
      ? {
          ownership: {
            ownershipsToBeTransferred: [
              {
                ...(ownershipType ? { ownershipType } : {}),
                ...(p.titleNumber ? { titleNumber: p.titleNumber } : {}),
              },
            ],
          },
        }
      : {}),
    ...(p.titleNumber ? { titlesToBeSold: [{ titleNumber: p.titleNumber }] } : {}),
    ...(source.agreedPricePence
      ? { priceInformation: { price: source.agreedPricePence / 100, priceQualifier: 'Price' } }
      : {}),
  }
  const searchesBack = findTask(source, TASK_TITLES.searchesBack)?.completedAt ?? null
  const searches = SEARCH_TASKS.flatMap((s) => {
    const task = findTask(source, s.title)
    if (!task?.completedAt) return []
    return [
      searchesBack
        ? { displayName: s.displayName, status: 'Delivered', reportDate: dateTime(searchesBack) }
        : {
            displayName: s.displayName,
            status: 'Ordered',
            orderDate: dateTime(task.completedAt),
            searchContentTypes: [s.contentType],
          },
    ]
  })
  if (searches.length) propertyPack.searches = searches
  const pack = (source.formAnswers ?? []).reduce<Record<string, unknown>>(
    (acc, answers) => mergeUnder(acc, answers),
    propertyPack,
  )

  const ordered = SEARCH_TASKS.map((s) => findTask(source, s.title)?.completedAt).filter((t): t is string => !!t)
  const milestones: Json = {
    soldSubjectToContract: { completed: true },
    searches: {
      ...(ordered.length ? { ordered: dateTime(ordered.sort()[0]!) } : {}),
      ...(searchesBack ? { completed: dateTime(searchesBack) } : {}),
    },
    enquiries: withDate('completed', stageCompletedAt(source, ENQUIRIES_STAGE_NAME)),
    exchange: {
      ...(source.exchangeDate && source.status !== 'exchange' && source.status !== 'completed'
        ? { expected: dateTime(source.exchangeDate) }
        : {}),
      ...(source.exchangeDate && (source.status === 'exchange' || source.status === 'completed')
        ? { completed: dateTime(source.exchangeDate) }
        : {}),
    },
    completion: {
      ...(source.completionDate && source.status !== 'completed' ? { expected: dateTime(source.completionDate) } : {}),
      ...(source.completionDate && source.status === 'completed' ? { completed: dateTime(source.completionDate) } : {}),
    },
    stages: source.stages.map((s) => ({
      name: s.name,
      status: s.status,
      ...(s.blockedReason ? { blockedReason: s.blockedReason } : {}),
    })),
  }

  return {
    $schema: PDTF_SCHEMA_ID,
    transactionId: source.transactionId,
    externalIds: { Homeward: source.transactionId },
    status: PDTF_STATUS[source.status],
    participants: source.participants.map((x) => ({
      name: pdtfName(x.fullName),
      role: PDTF_ROLES[x.role],
      participantStatus: 'Active',
      ...(x.organisation ? { organisation: x.organisation } : {}),
    })),
    propertyPack: pack,
    milestones,
    ...(source.formSignatures?.length
      ? {
          [SIGNED_FORMS_KEY]: source.formSignatures.map((f) => ({
            form: SIGNED_FORM_NAMES[f.form],
            signedName: f.signedName,
            signedAt: new Date(f.signedAt).toISOString(),
          })),
        }
      : {}),
  }
}

function withDate(key: string, value: string | null): Json {
  return value ? { [key]: dateTime(value) } : {}
}

/** The property data an import starts a transaction with: the create form's fields, plus the title number. */
export interface PdtfPropertyData {
  address_line_1: string
  address_line_2?: string
  town: string
  postcode: string
  uprn?: string
  tenure?: Tenure
  /**
   * The pack's price (propertyPack.priceInformation): a marketing price ("Offers over", a guide or
   * asking price), never taken as the agreed price; the importer is asked for that (issue 39).
   */
  marketing_price?: { amount: number; qualifier: string | null }
  title_number?: string
  /** From the pack's homeNation (England or Wales); other nations are left for the create rules. */
  nation?: Nation
}

/** Where each imported field comes from in the pack, to name it in an error. */
export const PDTF_FIELD_PATHS: Record<keyof PdtfPropertyData, string> = {
  address_line_1: 'propertyPack.address.line1',
  address_line_2: 'propertyPack.address.line2',
  town: 'propertyPack.address.town',
  postcode: 'propertyPack.address.postcode',
  uprn: 'propertyPack.uprn',
  tenure: 'propertyPack.marketingTenure',
  marketing_price: 'propertyPack.priceInformation.price',
  title_number: 'propertyPack.titlesToBeSold[0].titleNumber',
  nation: 'propertyPack.address.homeNation',
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined)
const obj = (v: unknown): Json => (isPlainObject(v) ? v : {})
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/**
 * Reads the property data from a pack that has passed the schema. The address takes line1 (or
 * building number/name and street), line2 and line3 (joined) and town; the tenure is PDTF's
 * marketingTenure or the first ownership's type (Freehold, Managed Freehold and Commonhold as
 * freehold; Leasehold and Shared Ownership as leasehold; Share of Freehold as leasehold, which it
 * legally is for the flat). Fields the pack lacks stay undefined for the create rules to name.
 */
export function fromPdtf(pack: unknown): PdtfPropertyData {
  const pp = obj(obj(pack).propertyPack)
  const a = obj(pp.address)
  const built = [
    str(a.subBuilding),
    str(a.buildingName),
    [str(a.buildingNumber), str(a.street)].filter(Boolean).join(' '),
  ]
    .filter((s): s is string => !!s)
    .join(', ')
  const line1 = str(a.line1) ?? (built || undefined)
  const line2 = [str(a.line2), str(a.line3) ?? str(a['line 3'])].filter(Boolean).join(', ') || undefined
  const ownership = obj(arr(obj(pp.ownership).ownershipsToBeTransferred)[0])
  const tenureText = str(pp.marketingTenure) ?? str(ownership.ownershipType)
  const tenure: Tenure | undefined = !tenureText
    ? undefined
    : ['Freehold', 'Managed Freehold', 'Commonhold'].includes(tenureText)
      ? 'freehold'
      : ['Leasehold', 'Shared Ownership', 'Share of Freehold'].includes(tenureText)
        ? 'leasehold'
        : undefined
  const priceInformation = obj(pp.priceInformation)
  const price = priceInformation.price
  const titleNumber = str(obj(arr(pp.titlesToBeSold)[0]).titleNumber) ?? str(ownership.titleNumber)
  return {
    address_line_1: line1 ?? '',
    ...(line2 ? { address_line_2: line2 } : {}),
    town: str(a.town) ?? '',
    postcode: str(a.postcode) ?? '',
    ...(typeof pp.uprn === 'number' ? { uprn: String(pp.uprn) } : {}),
    ...(tenure ? { tenure } : {}),
    ...(typeof price === 'number'
      ? { marketing_price: { amount: price, qualifier: str(priceInformation.priceQualifier) ?? null } }
      : {}),
    ...(titleNumber ? { title_number: titleNumber.toUpperCase() } : {}),
    ...(a.homeNation === 'Wales'
      ? { nation: 'wales' as const }
      : a.homeNation === 'England'
        ? { nation: 'england' as const }
        : {}),
  }
}
