/**
 * A postcode's addresses from the configured lookup, with what the postcode alone says of the nation.
 * Addresses whose postcode is not the one searched are dropped (a provider's fuzzy match is not an
 * answer to "which addresses are at this postcode").
 */
import type { AddressLookupResult } from '#shared/contracts/address-lookup.ts'
import { nationOfPostcode } from '#shared/domain/nations.ts'
import { AppError } from '#server/core/errors.ts'
import { AddressLookupUnavailableError, type AddressLookup } from '#server/providers/address-lookup/index.ts'

/** `postcode` is normalised (the contract did it). Throws AppError 'unprocessable' when the partner cannot answer. */
export async function findAddresses({
  lookup,
  postcode,
}: {
  lookup: AddressLookup
  postcode: string
}): Promise<AddressLookupResult> {
  let found
  try {
    found = await lookup.findByPostcode(postcode)
  } catch (err) {
    if (err instanceof AddressLookupUnavailableError)
      throw new AppError(
        'unprocessable',
        `The address lookup is not answering just now: type the address instead. (${err.message})`,
      )
    throw err
  }
  return {
    postcode,
    postcode_nation: nationOfPostcode(postcode) ?? 'england',
    provider_label: lookup.label,
    sandbox: lookup.name === 'sandbox',
    addresses: found.filter((a) => a.postcode === postcode),
  }
}
