/**
 * Contracts for working a transaction (issue 4): creating one, ticking tasks, blocking stages,
 * changing status. Every change carries the `version` the client last saw; a stale version answers
 * 409 with a message saying someone else changed it first.
 */
import { isValid as isValidPostcode, toNormalised } from 'postcode'
import { z } from 'zod'
import { singleLine } from '../domain/plain-text'
import { Uuid } from './common'

/** A UK postcode, validated and normalised ('al35af' -> 'AL3 5AF') with the `postcode` library. */
export const UkPostcode = z
  .string({ message: 'Enter a valid UK postcode' })
  .trim()
  .refine((v) => isValidPostcode(v), 'Enter a valid UK postcode')
  .transform((v) => toNormalised(v)!)

/** Unique Property Reference Number: 1 to 12 digits (OS AddressBase). */
export const Uprn = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, 'UPRN must be 1 to 12 digits')

// Address parts are one line each, control characters stripped: they go into email subjects (issue 19 item 6).
const optionalText = (max: number, label: string) =>
  z
    .string()
    .overwrite(singleLine)
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined))

/**
 * POST /api/transactions: the create form (fields 'Address line 1', 'Address line 2', 'Town or city',
 * 'Postcode', 'UPRN (optional)', 'Your role in this move', 'Agreed price (£)', 'Tenure').
 * `agreed_price` is in pounds (whole or with pence); stored as pence.
 */
export const CreateTransactionInput = z.object({
  address_line_1: z
    .string({ message: 'Enter the first line of the address' })
    .overwrite(singleLine)
    .min(1, 'Enter the first line of the address')
    .max(100, 'Address line 1 must be at most 100 characters'),
  address_line_2: optionalText(100, 'Address line 2'),
  town: z
    .string({ message: 'Enter the town or city' })
    .overwrite(singleLine)
    .min(1, 'Enter the town or city')
    .max(60, 'Town or city must be at most 60 characters'),
  postcode: UkPostcode,
  uprn: z.union([Uprn, z.literal('').transform(() => undefined)]).optional(),
  role: z.enum(['buyer', 'seller'], { message: 'Choose whether you are buying or selling' }),
  agreed_price: z.coerce
    .number({ message: 'Enter the agreed price in pounds' })
    .positive('Enter the agreed price in pounds')
    .max(1_000_000_000, 'Agreed price must be at most £1,000,000,000')
    .refine(
      (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Use at most two decimal places',
    ),
  tenure: z.enum(['freehold', 'leasehold'], { message: 'Choose freehold or leasehold' }),
})
export type CreateTransactionInput = z.input<typeof CreateTransactionInput>
export type CreateTransactionData = z.output<typeof CreateTransactionInput>

export const CreateTransactionResponse = z.object({ id: Uuid })

export const TaskParams = z.object({ txId: Uuid, taskId: Uuid })
export const StageParams = z.object({ txId: Uuid, stageId: Uuid })

/** PATCH /api/transactions/{txId}/tasks/{taskId}: tick or untick. */
export const UpdateTaskInput = z.object({
  status: z.enum(['completed', 'not_completed'], { message: 'Status must be completed or not_completed' }),
  version: z.number().int().min(1),
})

/** PATCH /api/transactions/{txId}/stages/{stageId}: block with a reason, or clear (null). Conveyancers only. */
export const UpdateStageInput = z.object({
  blocked_reason: z
    .string()
    .trim()
    .min(1, 'Say why the stage is blocked')
    .max(500, 'Blocked reason must be at most 500 characters')
    .nullable(),
  version: z.number().int().min(1),
})

/**
 * POST /api/transactions/{txId}/status. Spec section 4 lists the statuses; the transitions are ours:
 * activate (draft -> active), exchange (active -> exchange, conveyancer, with dates and
 * `confirm: true`; refused with 409 while any stage is blocked),
 * complete (exchange -> completed, conveyancer), cancel (draft|active -> cancelled with a reason by a
 * party or their conveyancer; exchange -> cancelled by a conveyancer only: rescission).
 */
export const StatusChangeInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('activate'), version: z.number().int().min(1) }),
  z.object({
    action: z.literal('exchange'),
    version: z.number().int().min(1),
    exchange_date: z.iso.date({ message: 'Enter the exchange date' }),
    completion_date: z.iso.date({ message: 'Enter the agreed completion date' }),
    /** Exchange is legally binding: the person recording it confirms explicitly (issue 11). */
    confirm: z.literal(true, { message: 'Confirm that contracts have been exchanged' }),
  }),
  z.object({
    action: z.literal('complete'),
    version: z.number().int().min(1),
    completion_date: z.iso.date({ message: 'Enter the completion date' }).optional(),
  }),
  z.object({
    action: z.literal('cancel'),
    version: z.number().int().min(1),
    reason: z
      .string()
      .trim()
      .min(1, 'Give a reason for cancelling')
      .max(2000, 'Reason must be at most 2000 characters'),
  }),
])
export type StatusChangeInput = z.infer<typeof StatusChangeInput>
