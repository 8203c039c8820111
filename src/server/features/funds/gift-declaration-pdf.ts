/**
 * The gifted-deposit declaration a giftor signs (decision 037), in the wording UK mortgage lenders
 * and conveyancers ask for: the amount, who gives it to whom and how they are related, the property,
 * that it is a gift and not a loan, not repayable, with no interest in the property for the giftor,
 * whether the giftor will live there (and, if so, that they will sign the lender's occupier's consent),
 * and where the giftor's money comes from. A4, pdf-lib's standard fonts; the built-in e-signature
 * provider adds the signature and its certificate page when the giftor signs.
 */
import { formatPence } from '#shared/domain/surveys.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { createTextPdf } from '#server/platform/pdf/text-pdf.ts'

/** What the declaration states. Money in pence. */
export interface GiftDeclaration {
  giftorName: string
  giftorEmail: string
  relationship: string
  buyerNames: string[]
  propertyAddress: string
  amountPence: number
  sourceOfMoney: string
  giftorWillLive: boolean
  preparedAt: Date
}

/** The numbered statements of the declaration, in words (also unit-tested). */
export function declarationStatements(d: GiftDeclaration): string[] {
  const buyers = d.buyerNames.length ? d.buyerNames.join(' and ') : 'the buyer'
  const amount = formatPence(d.amountPence)
  return [
    `I, ${d.giftorName}, am the ${d.relationship.toLowerCase()} of ${buyers}. I am giving ${amount} to ${buyers} towards the purchase of ${d.propertyAddress}.`,
    `This money is a gift. It is not a loan. It does not have to be repaid, in whole or in part, and no interest or other payment is due on it, now or in the future.`,
    `I will have no legal or beneficial interest in the property, and no share in its value or in the proceeds of any sale, because of this gift. No charge or other security will be registered for it.`,
    d.giftorWillLive
      ? `I will live in the property. I understand that my occupation will be subject to the rights of the buyer's mortgage lender, and I will sign the lender's occupier's consent (deed of waiver) if asked.`
      : `I will not live in the property.`,
    `The gifted money comes from: ${d.sourceOfMoney}`,
    `The money is available now and will be paid to the buyer or their conveyancer before completion. The gift does not depend on any condition.`,
    `I understand that the buyer's conveyancer and mortgage lender will rely on this declaration, and may verify my identity and where the money comes from (Money Laundering Regulations 2017). To the best of my knowledge, everything in it is true.`,
  ]
}

/** Builds the PDF bytes of the declaration to sign. */
export async function renderGiftDeclarationPdf(d: GiftDeclaration): Promise<Uint8Array> {
  const { pdf, regular, bold, grey, line, gap } = await createTextPdf({
    title: 'Gifted deposit declaration',
    createdAt: d.preparedAt,
    size: 10.5,
    leading: 1.5,
  })
  line('Gifted deposit declaration', bold, 18)
  line(`Prepared on ${ukDate(d.preparedAt)} in Homeward`, regular, 9, 0, grey)
  gap(10)
  const facts: [string, string][] = [
    ['Property', d.propertyAddress],
    [d.buyerNames.length > 1 ? 'Buyers' : 'Buyer', d.buyerNames.join(', ') || 'The buyer'],
    ['Giftor', `${d.giftorName} (${d.giftorEmail})`],
    ['Relationship to the buyer', d.relationship],
    ['Amount of the gift', formatPence(d.amountPence)],
    ['Giftor will live in the property', d.giftorWillLive ? 'Yes' : 'No'],
  ]
  for (const [label, value] of facts) {
    line(label, bold, 9.5)
    line(value, regular, 10.5, 8)
  }
  gap(8)
  line('Declaration', bold, 13)
  declarationStatements(d).forEach((text, i) => line(`${i + 1}. ${text}`, regular, 10.5, 4))
  gap(10)
  line(
    "Signed electronically by the giftor in Homeward: the signature, the date and time, and the document's SHA-256 are on the certificate page.",
    regular,
    9,
    0,
    grey,
  )
  return pdf.save()
}
