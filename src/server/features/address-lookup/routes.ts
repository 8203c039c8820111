/**
 * HTTP edge of the address lookup: GET /api/address-lookup?postcode=, for any signed-in person (the
 * create form, opening a matter, the identity address step). The partner is chosen by ADDRESS_LOOKUP
 * (providers/address-lookup, decision 067); its outage is 422 telling the person to type the address.
 */
import { addressLookupEndpoints as endpoints } from '#shared/contracts/address-lookup.ts'
import { createRouter, requireViewer, type AppDeps } from '#server/http/router.ts'
import { addressLookupFor } from '#server/providers/address-lookup/index.ts'
import { findAddresses } from './find-addresses'

export function addressLookupRoutes(deps: AppDeps) {
  const lookup = addressLookupFor(deps.config)
  return createRouter().openapi(endpoints.find, async (c) => {
    requireViewer(c)
    return c.json(await findAddresses({ lookup, postcode: c.req.valid('query').postcode }), 200)
  })
}
