import type { DirectoryOrganization } from '#shared/contracts/directory.ts'

const shallowEqual = (a: object | undefined, b: object | undefined): boolean => {
  if (a === b) return true
  if (!a || !b) return false
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  const keys = Object.keys(ra)
  return keys.length === Object.keys(rb).length && keys.every((k) => Object.is(ra[k], rb[k]))
}

/**
 * Whether two copies of a firm show the same marketplace card: the same id, name, type, tier,
 * town, postcode district, figures (the first accreditation_metrics row) and review ratings. The
 * server-rendered page's cards and the directory loaded afterwards are different objects with the
 * same content, and comparing content lets the grid keep the cards it has instead of rendering
 * them all again when the directory arrives. The card also shows the logo, the first lines of the
 * description and the regulator badge; the contact email is not on it.
 */
export function sameCardContent(a: DirectoryOrganization, b: DirectoryOrganization): boolean {
  if (a === b) return true
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.type === b.type &&
    a.accreditation_tier === b.accreditation_tier &&
    a.town === b.town &&
    a.postcode_district === b.postcode_district &&
    a.description === b.description &&
    a.logo_url === b.logo_url &&
    a.regulator === b.regulator &&
    a.regulator_status === b.regulator_status &&
    a.regulator_checked_by === b.regulator_checked_by &&
    a.accreditation_metrics.length === b.accreditation_metrics.length &&
    shallowEqual(a.accreditation_metrics[0], b.accreditation_metrics[0]) &&
    a.marketplace_reviews.length === b.marketplace_reviews.length &&
    a.marketplace_reviews.every((r, i) => r.rating_int === b.marketplace_reviews[i].rating_int)
  )
}
