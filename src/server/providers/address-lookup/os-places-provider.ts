/**
 * Ordnance Survey's Places API (ADDRESS_LOOKUP=os-places), postcode search over the Delivery Point
 * Address (DPA) dataset:
 *
 *   GET {OS_PLACES_API_URL}/postcode?postcode=CF10%201EP&dataset=DPA&maxresults=100&offset=0
 *       key: {OS_PLACES_API_KEY}
 *   200 { header: { totalresults }, results?: [{ DPA: { UPRN, ORGANISATION_NAME?, SUB_BUILDING_NAME?,
 *         BUILDING_NAME?, BUILDING_NUMBER?, DEPENDENT_THOROUGHFARE_NAME?, THOROUGHFARE_NAME?,
 *         DOUBLE_DEPENDENT_LOCALITY?, DEPENDENT_LOCALITY?, POST_TOWN, POSTCODE, COUNTRY_CODE } }] }
 *
 * COUNTRY_CODE is E (England), W (Wales), S, N, L (Channel Islands), M (Isle of Man) or J (not
 * assigned); only E and W give a nation. https://docs.os.uk/os-apis/accessing-os-apis/os-places-api.
 * Pages of 100 are read up to 500 addresses (a postcode rarely has more than 100). A network error, a
 * non-2xx answer or no answer within OS_PLACES_TIMEOUT_MS is AddressLookupUnavailableError.
 */
import { z } from 'zod'
import { normalisePostcode } from '#shared/domain/postcode.ts'
import { AddressLookupUnavailableError, titleCase, type AddressLookup, type FoundAddress } from './address-lookup'

/** How long one page may take. */
export const OS_PLACES_TIMEOUT_MS = 5000
const PAGE = 100
const MAX_ADDRESSES = 500

const text = z.string().optional()
const Dpa = z.object({
  UPRN: z.string().regex(/^\d{1,12}$/),
  ORGANISATION_NAME: text,
  SUB_BUILDING_NAME: text,
  BUILDING_NAME: text,
  BUILDING_NUMBER: z.union([z.string(), z.number()]).optional(),
  DEPENDENT_THOROUGHFARE_NAME: text,
  THOROUGHFARE_NAME: text,
  DOUBLE_DEPENDENT_LOCALITY: text,
  DEPENDENT_LOCALITY: text,
  POST_TOWN: z.string(),
  POSTCODE: z.string(),
  COUNTRY_CODE: text,
})
const Page = z.object({
  header: z.object({ totalresults: z.number() }),
  results: z.array(z.object({ DPA: Dpa })).optional(),
})

/** A DPA record as our address: lines above the town, in Royal Mail's order, title-cased. */
export function fromDpa(d: z.infer<typeof Dpa>): FoundAddress {
  const street = [
    d.BUILDING_NUMBER === undefined ? undefined : String(d.BUILDING_NUMBER),
    d.DEPENDENT_THOROUGHFARE_NAME,
  ]
    .filter(Boolean)
    .join(' ')
  const lines = [
    d.ORGANISATION_NAME,
    d.SUB_BUILDING_NAME,
    d.BUILDING_NAME,
    [street, d.THOROUGHFARE_NAME].filter(Boolean).join(street && d.DEPENDENT_THOROUGHFARE_NAME ? ', ' : ' '),
    d.DOUBLE_DEPENDENT_LOCALITY,
    d.DEPENDENT_LOCALITY,
  ]
    .filter((l): l is string => !!l && l.trim() !== '')
    .map((l) => titleCase(l.trim()))
  return {
    uprn: d.UPRN,
    lines,
    town: titleCase(d.POST_TOWN),
    postcode: normalisePostcode(d.POSTCODE) ?? d.POSTCODE,
    nation: d.COUNTRY_CODE === 'W' ? 'wales' : d.COUNTRY_CODE === 'E' ? 'england' : null,
  }
}

export function createOsPlacesAddressLookup(
  options: { baseUrl: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): AddressLookup {
  const base = options.baseUrl.replace(/\/$/, '')
  return {
    name: 'os-places',
    label: 'Ordnance Survey',
    async findByPostcode(postcode: string): Promise<FoundAddress[]> {
      const found: FoundAddress[] = []
      for (let offset = 0; offset < MAX_ADDRESSES; offset += PAGE) {
        const url = `${base}/postcode?${new URLSearchParams({
          postcode,
          dataset: 'DPA',
          maxresults: String(PAGE),
          offset: String(offset),
        })}`
        let res: Response
        try {
          res = await fetchImpl(url, {
            headers: { key: options.apiKey, accept: 'application/json' },
            signal: AbortSignal.timeout(OS_PLACES_TIMEOUT_MS),
            redirect: 'error',
          })
        } catch (err) {
          throw new AddressLookupUnavailableError(`Ordnance Survey did not answer: ${(err as Error).message}`)
        }
        // OS Places answers 400 for a postcode it does not know the shape of: no addresses.
        if (res.status === 400) return found
        if (!res.ok) throw new AddressLookupUnavailableError(`Ordnance Survey answered HTTP ${res.status}`)
        const page = Page.safeParse(await res.json().catch(() => null))
        if (!page.success) throw new AddressLookupUnavailableError('Ordnance Survey answered in an unknown shape')
        for (const r of page.data.results ?? []) found.push(fromDpa(r.DPA))
        if (offset + PAGE >= page.data.header.totalresults) break
      }
      return found
    },
  }
}
