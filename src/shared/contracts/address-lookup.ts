/**
 * Contracts of the address lookup: a postcode's addresses with their UPRN and nation, for "Find
 * address" on the create form, opening a matter and the identity address step (decision 067).
 */
import { z } from 'zod'
import { NATIONS } from '../domain/nations'
import { ukPostcode } from './common'
import { endpoint, ERRORS, json } from './endpoint'

export const AddressLookupQuery = z.object({ postcode: ukPostcode() })

/** One address found, ready to fill a form: lines above the town, town, postcode, UPRN, nation. */
export const FoundAddress = z.object({
  uprn: z.string(),
  lines: z.array(z.string()),
  town: z.string(),
  postcode: z.string(),
  /** England or Wales; null for an address elsewhere (Scotland, Northern Ireland, the islands). */
  nation: z.enum(NATIONS).nullable(),
})
export type FoundAddress = z.infer<typeof FoundAddress>

export const AddressLookupResult = z.object({
  /** The postcode as searched, normalised. */
  postcode: z.string(),
  /** What the postcode alone says: a nation, or 'straddles' when its district is on both sides of the border. */
  postcode_nation: z.enum([...NATIONS, 'straddles']),
  /** Who found them ('Sandbox address lookup', 'Ordnance Survey'). */
  provider_label: z.string(),
  /** True for the sandbox: the screen labels the result Sandbox (decision 044). */
  sandbox: z.boolean(),
  addresses: z.array(FoundAddress),
})
export type AddressLookupResult = z.infer<typeof AddressLookupResult>

export const addressLookupEndpoints = {
  find: endpoint({
    method: 'get',
    path: '/address-lookup',
    summary: "A postcode's addresses with their UPRN and nation (422 when the lookup partner cannot answer)",
    request: { query: AddressLookupQuery },
    responses: {
      200: json('The addresses (none for a postcode with no delivery addresses)', AddressLookupResult),
      ...ERRORS,
    },
  }),
}
