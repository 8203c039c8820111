/**
 * The register summary PDF filed in the Property folder: the official copy's A, B and C registers as
 * the provider returned them, the date of the check, and the flags raised against the move. A4,
 * wrapped text, pdf-lib's standard fonts.
 */
import type { RegisterSummary, TitleFlag } from '#shared/domain/title-check.ts'
import { ukDate, ukDateTime } from '#shared/domain/uk-time.ts'
import { createTextPdf } from '#server/platform/pdf/text-pdf.ts'

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(pence / 100)

/** Builds the PDF bytes. `sandbox` adds a line saying the register is a sandbox sample. */
export async function renderRegisterPdf(opts: {
  register: RegisterSummary
  flags: TitleFlag[]
  checkedAt: Date
  checkedBy: string
  sandbox: boolean
}): Promise<Uint8Array> {
  const { register: r } = opts
  const { pdf, regular, bold, rgb, line, gap } = await createTextPdf({
    title: `Register summary ${r.titleNumber}`,
    createdAt: opts.checkedAt,
    size: 10,
    leading: 1.45,
  })

  line(`Register summary: title number ${r.titleNumber}`, bold, 16)
  line(
    `Official copy obtained ${ukDateTime(opts.checkedAt)} by ${opts.checkedBy}. Edition date ${ukDate(new Date(r.editionDate))}.`,
    regular,
    9,
  )
  if (opts.sandbox) line('Sandbox: a sample register, not HM Land Registry data.', bold, 9, 0, rgb(0.6, 0.3, 0))
  gap()
  line('A: Property register', bold, 12)
  line(`${r.propertyDescription}, ${r.postcode}`)
  line(`Tenure: ${r.tenure === 'leasehold' ? 'Leasehold' : 'Freehold'}. Class of title: ${r.classOfTitle}.`)
  gap()
  line('B: Proprietorship register', bold, 12)
  for (const p of r.proprietors) line(`Registered proprietor: ${p.name}${p.address ? ` of ${p.address}` : ''}`)
  if (r.pricePaid) line(`Price paid: ${gbp(r.pricePaid.amountPence)} on ${ukDate(new Date(r.pricePaid.date))}`)
  if (!r.restrictions.length) line('Restrictions: none')
  for (const restriction of r.restrictions) line(`RESTRICTION: ${restriction}`)
  gap()
  line('C: Charges register', bold, 12)
  if (!r.charges.length) line('No registered charges.')
  for (const c of r.charges) line(`Registered charge dated ${ukDate(new Date(c.date))} in favour of ${c.lender}.`)
  gap()
  line('Checked against the move', bold, 12)
  if (!opts.flags.length)
    line('No flags: the sellers are the registered proprietors, with no restriction to comply with.')
  for (const f of opts.flags) line(`- ${f.message}`, regular, 10, 8)
  return pdf.save()
}
