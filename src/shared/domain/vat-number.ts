/**
 * UK VAT registration numbers (HMRC, VAT Notice 700/21 and the format HMRC's "Check a UK VAT number"
 * service accepts): `GB` then 9 digits (standard), 12 digits (a branch: the 9 of the registration and
 * a 3-digit branch), `GD` + 3 digits 000-499 (government departments) or `HA` + 3 digits 500-999
 * (health authorities). The 9 digits carry a check: the first 7 weighted 8 down to 2, plus the last 2
 * as a number, is a multiple of 97 (the "mod 97" series) or is one after adding 55 (the "mod 9755"
 * series issued since 2010). The check block (the last 2 of the 9) is always 00 to 96 (HMRC's
 * specification of the weighted modulus-97 check): 97, 98 and 99 are never issued, although 97 would
 * pass the sum when the weighted total is a multiple of 97. Spaces are ignored; the `GB` prefix is
 * optional on input.
 */

/** The highest check block HMRC issues: the last two digits run 00 to 96. */
export const VAT_MAX_CHECK_BLOCK = 96

/** Checks the HMRC weighted check digits of a 9-digit VAT registration (check block 00-96). */
export function vatCheckDigitsValid(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false
  if (Number(nineDigits.slice(7)) > VAT_MAX_CHECK_BLOCK) return false
  let total = 0
  for (let i = 0; i < 7; i++) total += Number(nineDigits[i]) * (8 - i)
  total += Number(nineDigits.slice(7))
  return total % 97 === 0 || (total + 55) % 97 === 0
}

/**
 * Reads a UK VAT number and answers it formatted as printed on invoices (`GB 123 4567 89`,
 * `GB 123 4567 89 012`, `GBGD123`, `GBHA567`), or throws Error with why it is not one.
 */
export function formatUkVatNumber(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase()
  const body = compact.startsWith('GB') ? compact.slice(2) : compact
  const gov = /^(GD|HA)(\d{3})$/.exec(body)
  if (gov) {
    const n = Number(gov[2])
    if ((gov[1] === 'GD' && n > 499) || (gov[1] === 'HA' && n < 500))
      throw new Error(
        `${input} is not a UK VAT number: ${gov[1]} numbers are ${gov[1] === 'GD' ? '000-499' : '500-999'}`,
      )
    return `GB${gov[1]}${gov[2]}`
  }
  if (!/^\d{9}(\d{3})?$/.test(body))
    throw new Error(
      `${input} is not a UK VAT number: expected GB and 9 digits (or 12 for a branch), e.g. GB 123 4567 89`,
    )
  if (Number(body.slice(7, 9)) > VAT_MAX_CHECK_BLOCK)
    throw new Error(
      `${input} is not a UK VAT number: its check digits ${body.slice(7, 9)} are never issued (HMRC's run from 00 to 96)`,
    )
  if (!vatCheckDigitsValid(body.slice(0, 9)))
    throw new Error(`${input} is not a UK VAT number: its check digits do not match (a typing error?)`)
  const spaced = `GB ${body.slice(0, 3)} ${body.slice(3, 7)} ${body.slice(7, 9)}`
  return body.length === 12 ? `${spaced} ${body.slice(9)}` : spaced
}
