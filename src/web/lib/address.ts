/** A property as the API sends it (dashboard and detail share these two fields). */
export interface PropertyLike {
  address_lines: string[]
  postcode: string
}

const NO_PROPERTY = 'Property to be added'

/** The address on one line with its postcode, e.g. '47 Park Road, Harpenden, AL3 5AF'. */
export function addressOneLine(property: PropertyLike | null | undefined): string {
  if (!property) return NO_PROPERTY
  return [...property.address_lines, property.postcode].filter((s) => s.trim()).join(', ')
}

/** The first address line as a short title ('47 Park Road'), and the rest with the postcode as a subtitle. */
export function addressParts(property: PropertyLike | null | undefined): { title: string; subtitle: string } {
  if (!property || property.address_lines.length === 0) {
    return { title: property?.postcode || NO_PROPERTY, subtitle: '' }
  }
  const [first, ...rest] = property.address_lines
  return { title: first!, subtitle: [...rest, property.postcode].filter((s) => s.trim()).join(', ') }
}
