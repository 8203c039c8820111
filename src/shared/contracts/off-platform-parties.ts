/**
 * Off-platform parties (src/shared/domain/off-platform-parties.ts): the shape of a recorded party and
 * of the form that records one, and the endpoints (features/off-platform-parties).
 */
import { z } from 'zod'
import { OFF_PLATFORM_ROLES } from '../domain/off-platform-parties'
import { REGULATORS } from '../domain/regulators'
import { displayLine, TransactionParams, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'
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

/** PATCH: any of the form's fields but the seat (a different seat is a new record). */
export const UpdateOffPlatformPartyInput = OffPlatformPartyInput.omit({ role: true }).partial()
export type UpdateOffPlatformPartyInput = z.infer<typeof UpdateOffPlatformPartyInput>

/** GET /api/transactions/{txId}/off-platform-parties: the open records (a party that joined is a participant). */
export const OffPlatformPartyList = z.object({ parties: z.array(OffPlatformParty) })
export type OffPlatformPartyList = z.infer<typeof OffPlatformPartyList>

export const OffPlatformPartyParams = z.object({ txId: Uuid, partyId: Uuid })

/**
 * POST .../off-platform-parties/{partyId}/invitation: invite the recorded firm to Homeward at its
 * recorded email. 'invited': the link was emailed (the recorder may appoint that seat); 'proposed':
 * the seat's client is asked first and the link is emailed when they accept (decision 014).
 */
export const InviteOffPlatformPartyResult = z.object({
  outcome: z.enum(['invited', 'proposed']),
  invitation_id: Uuid,
  message: z.string(),
})
export type InviteOffPlatformPartyResult = z.infer<typeof InviteOffPlatformPartyResult>

/** The off-platform party endpoints. */
export const offPlatformPartyEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/transactions/{txId}/off-platform-parties',
    summary: "A move's professionals recorded as not on Homeward (everyone on the move may read them)",
    request: { params: TransactionParams },
    responses: { 200: json('Off-platform parties', OffPlatformPartyList), ...ERRORS },
  }),
  create: endpoint({
    method: 'post',
    path: '/transactions/{txId}/off-platform-parties',
    summary:
      'Record a professional who is not on Homeward in an empty seat (who may record which seat: mayRecordOffPlatform)',
    request: { params: TransactionParams, body: jsonBody(OffPlatformPartyInput) },
    responses: {
      201: json('Recorded', OffPlatformParty),
      403: { description: 'Your role may not record this seat' },
      409: { description: 'The seat is already held or recorded' },
      ...ERRORS,
    },
  }),
  update: endpoint({
    method: 'patch',
    path: '/transactions/{txId}/off-platform-parties/{partyId}',
    summary: 'Correct a recorded party (firm, person, email, phone, regulator)',
    request: { params: OffPlatformPartyParams, body: jsonBody(UpdateOffPlatformPartyInput) },
    responses: {
      200: json('Updated', OffPlatformParty),
      403: { description: 'Your role may not change this seat' },
      ...ERRORS,
    },
  }),
  remove: endpoint({
    method: 'delete',
    path: '/transactions/{txId}/off-platform-parties/{partyId}',
    summary: 'Remove a recorded party (the seat reads as empty again)',
    request: { params: OffPlatformPartyParams },
    responses: {
      204: { description: 'Removed' },
      403: { description: 'Your role may not change this seat' },
      ...ERRORS,
    },
  }),
  invite: endpoint({
    method: 'post',
    path: '/transactions/{txId}/off-platform-parties/{partyId}/invitation',
    summary:
      "Invite the recorded party to Homeward at its recorded email; for a seat the viewer may not appoint, the seat's client is asked first",
    request: { params: OffPlatformPartyParams },
    responses: {
      201: json('Invited or proposed', InviteOffPlatformPartyResult),
      403: { description: 'Your role may not record this seat' },
      409: { description: 'Already invited, proposed or on the move' },
      ...ERRORS,
    },
  }),
}
