/**
 * The title check's rules: whether the sellers on a move are the registered proprietors of the title,
 * and what on the register a conveyancer must look into. Pure; the register comes from the land
 * registry provider (src/server/providers/land-registry), shaped as HM Land Registry's official copy
 * of the register (Land Registration Act 2002; HMLR Practice Guide 1 on the register's A, B and C
 * sections: property, proprietorship, charges).
 */

/** One official copy of the register, as the provider returns it. Money in pence; dates yyyy-mm-dd. */
export interface RegisterSummary {
  titleNumber: string
  /** HMLR class of title, e.g. 'Title absolute' (freehold), 'Absolute leasehold', 'Possessory'. */
  classOfTitle: string
  tenure: 'freehold' | 'leasehold'
  /** A register: the property's description as registered. */
  propertyDescription: string
  postcode: string
  /** B register: the registered proprietors, as written on the register (often in capitals). */
  proprietors: { name: string; address: string }[]
  /** B register: the price paid entry, where one is shown. */
  pricePaid: { amountPence: number; date: string } | null
  /** B register: restrictions, word for word. */
  restrictions: string[]
  /** C register: registered charges (mortgages). */
  charges: { date: string; lender: string }[]
  /** The date the register was last changed ("edition date"). */
  editionDate: string
}

export type TitleFlagKind = 'proprietor_mismatch' | 'restriction' | 'postcode_mismatch' | 'possessory_title'

export interface TitleFlag {
  kind: TitleFlagKind
  /** What the conveyancer reads. */
  message: string
  /** A pre-contract enquiry to raise with the seller's side, where one helps. */
  suggestedEnquiry: string | null
}

/**
 * Common English diminutives and their full forms (both ways): "Tom Whitfield" selling as the
 * registered "THOMAS WHITFIELD" is a match to note, not a mismatch.
 */
const DIMINUTIVES: Record<string, string[]> = {
  thomas: ['tom', 'tommy'],
  william: ['will', 'bill', 'billy', 'liam'],
  robert: ['rob', 'bob', 'bobby', 'robbie'],
  richard: ['rich', 'rick', 'dick'],
  james: ['jim', 'jimmy', 'jamie'],
  elizabeth: ['liz', 'beth', 'lizzie', 'betty', 'eliza'],
  margaret: ['maggie', 'meg', 'peggy'],
  katherine: ['kate', 'kath', 'katie', 'kathy'],
  catherine: ['cath', 'cathy', 'kate'],
  michael: ['mike', 'mick'],
  christopher: ['chris'],
  christine: ['chris', 'chrissie'],
  alexander: ['alex', 'sandy'],
  alexandra: ['alex', 'sandra'],
  jennifer: ['jen', 'jenny'],
  samuel: ['sam'],
  samantha: ['sam'],
  daniel: ['dan', 'danny'],
  matthew: ['matt'],
  edward: ['ed', 'ted', 'eddie'],
  anthony: ['tony'],
  susan: ['sue', 'susie'],
  rebecca: ['becky', 'becca'],
  victoria: ['vicky', 'tori'],
}

const TITLES = new Set(['mr', 'mrs', 'miss', 'ms', 'mx', 'dr', 'sir', 'dame', 'lord', 'lady', 'rev', 'prof'])

/** Lower-case words of a name without titles, punctuation or accents: "Mrs. Anne-Marie O'Neill" -> ["anne", "marie", "oneill"]. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .split(/[^a-z]+/)
    .filter((w) => w && !TITLES.has(w))
}

function sameFirstName(a: string, b: string): boolean {
  if (a === b) return true
  if (a.length === 1 || b.length === 1) return a[0] === b[0]
  return (DIMINUTIVES[a] ?? []).includes(b) || (DIMINUTIVES[b] ?? []).includes(a)
}

/**
 * How a person's name compares with a registered proprietor's: 'exact' (same words), 'likely' (same
 * surname, a first name that is the same, a known short form or an initial; middle names may be
 * missing), or 'none'.
 */
export function compareNames(person: string, proprietor: string): 'exact' | 'likely' | 'none' {
  const p = nameWords(person)
  const r = nameWords(proprietor)
  if (!p.length || !r.length) return 'none'
  if (p.join(' ') === r.join(' ')) return 'exact'
  if (p.at(-1) !== r.at(-1)) return 'none'
  return sameFirstName(p[0]!, r[0]!) ? 'likely' : 'none'
}

const RANK = { exact: 0, likely: 1, none: 2 } as const

const compactPostcode = (p: string) => p.replace(/\s+/g, '').toUpperCase()

/**
 * The flags for a register against the move: each seller who is not a registered proprietor; every
 * restriction; a postcode that differs from the move's; a possessory title. `sellers` are the
 * full names of the move's sellers (none yet: no proprietor flag).
 */
export function titleFlags(
  register: RegisterSummary,
  move: { sellers: string[]; postcode: string },
): { flags: TitleFlag[]; matches: { seller: string; proprietor: string; match: 'exact' | 'likely' }[] } {
  const flags: TitleFlag[] = []
  const matches: { seller: string; proprietor: string; match: 'exact' | 'likely' }[] = []
  const registered = register.proprietors.map((p) => p.name)
  for (const seller of move.sellers) {
    const best = registered
      .map((proprietor) => ({ proprietor, match: compareNames(seller, proprietor) }))
      .sort((a, b) => RANK[a.match] - RANK[b.match])[0]
    if (best && best.match !== 'none') {
      matches.push({ seller, proprietor: best.proprietor, match: best.match })
    } else {
      flags.push({
        kind: 'proprietor_mismatch',
        message: `${seller}, the seller on this move, is not a registered proprietor of ${register.titleNumber} (the register shows ${registered.join(' and ') || 'no proprietor'}).`,
        suggestedEnquiry: `The register of ${register.titleNumber} shows ${registered.join(' and ')} as proprietor${registered.length === 1 ? '' : 's'}. Please explain how ${seller} is entitled to sell (for example a grant of probate, a power of attorney or a change of name) and provide the evidence.`,
      })
    }
  }
  // Two proprietors and one seller: the other must join in the sale (a single proprietor cannot give a
  // good receipt for capital money where a Form A restriction is registered).
  if (move.sellers.length && matches.length && register.proprietors.length > matches.length) {
    const others = registered.filter((r) => !matches.some((m) => m.proprietor === r))
    flags.push({
      kind: 'proprietor_mismatch',
      message: `${others.join(' and ')} ${others.length === 1 ? 'is' : 'are'} also registered as proprietor${others.length === 1 ? '' : 's'} but not a seller on this move.`,
      suggestedEnquiry: `The register also shows ${others.join(' and ')} as proprietor${others.length === 1 ? '' : 's'}. Please confirm that they will join in the transfer, or explain why they need not.`,
    })
  }
  for (const restriction of register.restrictions) {
    flags.push({
      kind: 'restriction',
      message: `Restriction on the register: ${restriction}`,
      suggestedEnquiry: `The proprietorship register contains this restriction: "${restriction}" Please confirm how it will be complied with on completion (for example the consent or certificate required) and provide it.`,
    })
  }
  if (compactPostcode(register.postcode) !== compactPostcode(move.postcode)) {
    flags.push({
      kind: 'postcode_mismatch',
      message: `The register describes ${register.propertyDescription} (${register.postcode}), not ${move.postcode}: check that this is the right title.`,
      suggestedEnquiry: null,
    })
  }
  if (/possessory/i.test(register.classOfTitle)) {
    flags.push({
      kind: 'possessory_title',
      message: `${register.titleNumber} has possessory title only: the proprietor's ownership is not guaranteed against earlier rights.`,
      suggestedEnquiry: `The title is possessory. Please supply the evidence of possession held, and confirm whether title indemnity insurance will be provided at the seller's cost.`,
    })
  }
  return { flags, matches }
}
