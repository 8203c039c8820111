/**
 * The sandbox address lookup (ADDRESS_LOOKUP=sandbox): a fixed set of postcodes on both sides of the
 * Welsh border, each with addresses in Royal Mail's format and a made-up UPRN (nine-digit numbers
 * starting 9999, not real UPRNs). Deterministic: a listed postcode gives its addresses, any other
 * none; SANDBOX_UNAVAILABLE_POSTCODE answers as a provider that is down, so that path can be tried.
 * Every result is labelled Sandbox on screen. The postcodes are listed in decision 067.
 */
import type { Nation } from '#shared/domain/nations.ts'
import { AddressLookupUnavailableError, type AddressLookup, type FoundAddress } from './address-lookup'

/** The postcode whose lookup fails, as a provider that is down. */
export const SANDBOX_UNAVAILABLE_POSTCODE = 'AL9 9ZZ'

const at = (postcode: string, town: string, nation: Nation, uprnBase: number, streets: string[][]): FoundAddress[] =>
  streets.map((lines, i) => ({ uprn: String(uprnBase + i), lines, town, postcode, nation }))

/** The sandbox's addresses by postcode. */
export const SANDBOX_ADDRESSES: Readonly<Record<string, readonly FoundAddress[]>> = Object.fromEntries(
  [
    // Cardiff (CF: wholly Wales)
    at('CF10 1EP', 'Cardiff', 'wales', 999_910_001, [
      ['Flat 1', '24 Westgate Street'],
      ['Flat 2', '24 Westgate Street'],
      ['26 Westgate Street'],
    ]),
    at('CF24 4AB', 'Cardiff', 'wales', 999_910_101, [['11 Richmond Road'], ['13 Richmond Road'], ['15 Richmond Road']]),
    // Mold (CH7: a Welsh district of the English-named CH area)
    at('CH7 1AB', 'Mold', 'wales', 999_920_001, [['3 High Street'], ['5 High Street'], ['Ty Gwyn', '7 High Street']]),
    // Aberystwyth (SY23: a Welsh district of the SY area)
    at('SY23 1DL', 'Aberystwyth', 'wales', 999_930_001, [
      ['12 Great Darkgate Street'],
      ['14 Great Darkgate Street'],
      ['Flat A', '16 Great Darkgate Street'],
    ]),
    // Chester (CH1: England)
    at('CH1 2HS', 'Chester', 'england', 999_940_001, [
      ['20 Eastgate Street'],
      ['22 Eastgate Street'],
      ['24 Eastgate Street'],
    ]),
    // Oswestry (SY11: England)
    at('SY11 1PZ', 'Oswestry', 'england', 999_950_001, [['5 Church Street'], ['7 Church Street'], ['9 Church Street']]),
    // Saltney (CH4 straddles the border: the lookup knows which side each address is)
    [
      ...at('CH4 8AA', 'Chester', 'wales', 999_960_001, [['2 High Street', 'Saltney']]),
      ...at('CH4 8AA', 'Chester', 'england', 999_960_101, [['4 Boundary Lane', 'Saltney']]),
    ],
    // Chepstow (NP16 straddles: Chepstow in Wales, Tutshill across the Wye in England)
    at('NP16 5AA', 'Chepstow', 'wales', 999_970_001, [['8 Bridge Street'], ['10 Bridge Street']]),
    at('NP16 7AA', 'Chepstow', 'england', 999_970_101, [
      ['3 Elm Road', 'Tutshill'],
      ['5 Elm Road', 'Tutshill'],
    ]),
    // St Albans and Harpenden (AL: England)
    at('AL1 3JJ', 'St Albans', 'england', 999_980_001, [['Flat 4', '27 Victoria Street'], ['29 Victoria Street']]),
    at('AL3 5AF', 'Harpenden', 'england', 999_980_101, [['45 Park Road'], ['47 Park Road'], ['49 Park Road']]),
  ].map((list) => [list[0]!.postcode, list]),
)

export function createSandboxAddressLookup(): AddressLookup {
  return {
    name: 'sandbox',
    label: 'Sandbox address lookup',
    async findByPostcode(postcode: string): Promise<FoundAddress[]> {
      if (postcode === SANDBOX_UNAVAILABLE_POSTCODE)
        throw new AddressLookupUnavailableError('The sandbox address lookup is down for this postcode (on purpose)')
      return (SANDBOX_ADDRESSES[postcode] ?? []).map((a) => ({ ...a, lines: [...a.lines] }))
    },
  }
}
