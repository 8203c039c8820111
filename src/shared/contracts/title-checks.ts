/**
 * Title checks: an official copy of the register from the land registry provider, kept on the move
 * with the flags it raises (a seller who is not a registered proprietor, restrictions, another
 * postcode, a possessory title) and a summary PDF in the Property folder.
 */
import { z } from 'zod'
import { ERRORS, endpoint, json, jsonBody } from './endpoint'
import { TransactionParams, Uuid } from './common'
import { TITLE_NUMBER_PATTERN } from './pdtf'

const TitleFlag = z.object({
  kind: z.enum(['proprietor_mismatch', 'restriction', 'postcode_mismatch', 'possessory_title']),
  message: z.string(),
  suggested_enquiry: z.string().nullable(),
})

export const TitleCheck = z.object({
  id: Uuid,
  title_number: z.string(),
  /** 'sandbox' or 'business-gateway'; the UI labels sandbox results. */
  provider: z.string(),
  checked_at: z.string(),
  checked_by: z.string().nullable(),
  class_of_title: z.string(),
  tenure: z.enum(['freehold', 'leasehold']),
  property_description: z.string(),
  postcode: z.string(),
  proprietors: z.array(z.object({ name: z.string(), address: z.string() })),
  price_paid: z.object({ amount_pence: z.number().int(), date: z.string() }).nullable(),
  restrictions: z.array(z.string()),
  charges: z.array(z.object({ date: z.string(), lender: z.string() })),
  edition_date: z.string(),
  flags: z.array(TitleFlag),
  document_id: Uuid.nullable(),
})
export type TitleCheck = z.infer<typeof TitleCheck>

export const TitleChecksResponse = z.object({
  /** Newest first. */
  checks: z.array(TitleCheck),
  /** The move's title number, if known (it fills the form). */
  title_number: z.string().nullable(),
  /** Whether the viewer may run a check (the move's conveyancers). */
  can_run: z.boolean(),
  /** Whether the viewer may raise a flag's suggested enquiry (the buyer's conveyancer raises enquiries). */
  can_raise_enquiries: z.boolean(),
  provider: z.object({ name: z.string(), label: z.string(), known_titles: z.array(z.string()).nullable() }),
})
export type TitleChecksResponse = z.infer<typeof TitleChecksResponse>

export const RunTitleCheckInput = z.object({
  title_number: z
    .string({ message: 'Enter the title number' })
    .trim()
    .toUpperCase()
    .regex(
      TITLE_NUMBER_PATTERN,
      'Enter an HM Land Registry title number: up to three letters, then digits, such as HD412873',
    ),
})
export type RunTitleCheckInput = z.input<typeof RunTitleCheckInput>

export const titleCheckEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/transactions/{txId}/title-checks',
    summary: "The move's title checks, newest first, and whether the viewer may run one",
    request: { params: TransactionParams },
    responses: { 200: json('Title checks', TitleChecksResponse), ...ERRORS },
  }),
  run: endpoint({
    method: 'post',
    path: '/transactions/{txId}/title-checks',
    summary: 'Obtain an official copy of the register and check it against the move (conveyancers)',
    request: { params: TransactionParams, body: jsonBody(RunTitleCheckInput) },
    responses: {
      201: json('The check, with its flags', TitleCheck),
      403: { description: "Not one of the move's conveyancers" },
      422: { description: 'HM Land Registry has no register for that title number' },
      ...ERRORS,
    },
  }),
}
