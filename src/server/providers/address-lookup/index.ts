/**
 * The address lookup chosen by ADDRESS_LOOKUP (config.ts): the sandbox's border addresses by default,
 * or Ordnance Survey's Places API. Production refuses the sandbox unless SANDBOX_PARTNERS=true
 * (config/partners.ts, decision 044); decision 067.
 */
import type { Config } from '#server/config.ts'
import type { AddressLookup } from './address-lookup'
import { createOsPlacesAddressLookup } from './os-places-provider'
import { createSandboxAddressLookup } from './sandbox-provider'

export type { AddressLookup, FoundAddress } from './address-lookup'
export { AddressLookupUnavailableError } from './address-lookup'

/** The configured lookup (the sandbox when ADDRESS_LOOKUP is unset: development and tests). */
export function addressLookupFor(
  config: Partial<Pick<Config, 'ADDRESS_LOOKUP' | 'OS_PLACES_API_KEY' | 'OS_PLACES_API_URL'>>,
): AddressLookup {
  if (config.ADDRESS_LOOKUP === 'os-places') {
    return createOsPlacesAddressLookup({
      baseUrl: config.OS_PLACES_API_URL ?? 'https://api.os.uk/search/places/v1',
      apiKey: config.OS_PLACES_API_KEY ?? '',
    })
  }
  return createSandboxAddressLookup()
}
