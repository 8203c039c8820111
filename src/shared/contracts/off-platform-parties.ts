/**
 * Off-platform parties (src/shared/domain/off-platform-parties.ts): the shape of a recorded party and
 * of the form that records one. Endpoints are added by the feature (features/off-platform-parties).
 */
import { z } from 'zod'
import { OFF_PLATFORM_ROLES } from '../domain/off-platform-parties'
import { REGULATORS } from '../domain/regulators'
import { displayLine, Uuid } from './common'
import { Email } from './auth'

/** The form: the firm is required, with an email to reach it; the rest is optional. */
export const OffPlatformPartyInput = z.object({
  role: z.enum(OFF_PLATFORM_ROLES, { message: 'Choose which seat this firm holds' }),
  firm_name: displayLine({ message: "Enter the firm's name" })
    .trim()
    .min(1, "Enter the firm's name")
    .max(200, "The firm's name must be at most 200 characters"),
  person_name: displayLine().trim().max(200, 'The name must be at most 200 characters').nullish(),
  email: Email,
  phone: displayLine()
    .trim()
    .max(40, 'The phone number must be at most 40 characters')
    .regex(/^[0-9 +()-]*$/, 'Enter a phone number with digits, spaces, +, ( ) or - only')
    .nullish(),
  regulator: z.enum(REGULATORS, { message: 'Choose the regulator' }).nullish(),
  regulator_number: displayLine()
    .trim()
    .max(20, 'The regulator number must be at most 20 characters')
    .regex(/^[A-Za-z0-9/-]*$/, 'Enter the regulator number with letters and digits only')
    .nullish(),
})
export type OffPlatformPartyInput = z.infer<typeof OffPlatformPartyInput>

/** A recorded party as every reader of the move sees it. */
export const OffPlatformParty = z.object({
  id: Uuid,
  role: z.enum(OFF_PLATFORM_ROLES),
  firm_name: z.string(),
  person_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  regulator: z.enum(REGULATORS).nullable(),
  regulator_number: z.string().nullable(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
})
export type OffPlatformParty = z.infer<typeof OffPlatformParty>
