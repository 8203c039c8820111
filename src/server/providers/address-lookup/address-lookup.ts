/**
 * The address lookup partner: a postcode's delivery addresses, each with its UPRN (Unique Property
 * Reference Number, OS AddressBase) and the nation it lies in, shaped like Ordnance Survey's Places
 * API postcode search (https://docs.os.uk/os-apis/accessing-os-apis/os-places-api: `GET /postcode`,
 * each result's DPA record with UPRN, ADDRESS, POST_TOWN, POSTCODE and COUNTRY_CODE E/W/S/N/...).
 * Chosen by ADDRESS_LOOKUP (index.ts); decision 067.
 */
import type { Nation } from '#shared/domain/nations.ts'

/** One address of a postcode. */
export interface FoundAddress {
  /** 1 to 12 digits. */
  uprn: string
  /** The address lines above the town: organisation, sub-building, building, street, locality. */
  lines: string[]
  /** Royal Mail's post town ('CARDIFF' as 'Cardiff'). */
  town: string
  /** Normalised ('CF10 1EP'). */
  postcode: string
  /** England or Wales from the record's country; null for Scotland, Northern Ireland and the Crown dependencies. */
  nation: Nation | null
}

export interface AddressLookup {
  /** 'sandbox' or 'os-places'. */
  name: string
  /** What the screen says found the addresses ('Sandbox address lookup', 'Ordnance Survey'). */
  label: string
  /**
   * The addresses of `postcode` (normalised by the caller), in the provider's order; [] when the
   * postcode has none. Throws AddressLookupUnavailableError when the provider cannot answer.
   */
  findByPostcode(postcode: string): Promise<FoundAddress[]>
}

/** The provider did not answer, or answered in a way we cannot read: the person types the address. */
export class AddressLookupUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AddressLookupUnavailableError'
  }
}

/** 'GREAT DARKGATE STREET' -> 'Great Darkgate Street' (OS Places gives capitals); keeps 'ST. ALBANS' readable. */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-'(,./])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase())
}
