/**
 * A firm's public profile, as Firm settings and the firm API read and change it: description, logo,
 * website, offices with the postcode districts they cover, services, languages, and the regulator
 * and number, checked through the RegulatorRegister (docs/decisions/056-regulator-register.md).
 * Issue 37 item 4.
 */
import { z } from 'zod'
import {
  FIRM_DESCRIPTION_MAX,
  FIRM_LANGUAGE_CODES,
  MAX_FIRM_OFFICES,
  MAX_OFFICE_DISTRICTS,
  normaliseRegulatorNumber,
  REGULATOR_CHECK_STATUSES,
  regulatorNumberProblem,
} from '../domain/firm-profile'
import { postcodeDistrict } from '../domain/chains'
import { ORGANIZATION_TYPES } from '../domain/organizations'
import { REGULATORS } from '../domain/regulators'
import { Email } from './auth'
import { displayLine, displayText, Timestamp, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'
import { UkPostcode } from './transactions'

/** A postcode district (outward code): 'AL1', 'SW1A'; upper-cased. */
export const PostcodeDistrict = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,2}[0-9][0-9A-Z]?$/, 'Enter a postcode district such as AL1 or SW1A')

/** An office as stored and answered: its districts include its own postcode's, first. */
export const FirmOffice = z.object({
  address: z.string(),
  postcode: z.string(),
  districts: z.array(z.string()),
})

/** An office as entered: address on one line, a valid UK postcode, and the districts it covers. */
export const FirmOfficeInput = z
  .object({
    address: displayLine()
      .trim()
      .min(1, 'Enter the office address')
      .max(200, 'An address can be at most 200 characters'),
    postcode: UkPostcode,
    districts: z
      .array(PostcodeDistrict)
      .max(MAX_OFFICE_DISTRICTS, `An office can cover at most ${MAX_OFFICE_DISTRICTS} postcode districts`)
      .default([]),
  })
  .transform((o) => ({
    ...o,
    districts: [...new Set([postcodeDistrict(o.postcode), ...o.districts])],
  }))
export type FirmOfficeInput = z.input<typeof FirmOfficeInput>

/** A website: http(s) with a real host name; "example.co.uk" is taken as https://example.co.uk. */
export const Website = z
  .string()
  .trim()
  .max(200, 'A website address can be at most 200 characters')
  .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      message: 'Enter a website address such as https://www.yourfirm.co.uk',
    }),
  )

const RegulatorSchema = z.enum(REGULATORS, { message: 'Choose your regulator from the list' })

/**
 * PATCH /api/firms/{orgId}/profile: the fields to change (any subset). `null` (or an empty string)
 * clears description and website; `regulator` and `regulator_number` go together, null clears both.
 */
export const UpdateFirmProfileInput = z
  .object({
    description: z
      .union([
        displayText()
          .trim()
          .max(FIRM_DESCRIPTION_MAX, `A description can be at most ${FIRM_DESCRIPTION_MAX} characters`),
        z.null(),
      ])
      .transform((v) => (v ? v : null))
      .optional(),
    town: displayLine().trim().min(1, 'Enter the town').max(60, 'Town must be at most 60 characters').optional(),
    postcode_district: PostcodeDistrict.optional(),
    contact_email: Email.optional(),
    website: z.union([z.literal('').transform(() => null), z.null(), Website]).optional(),
    offices: z.array(FirmOfficeInput).max(MAX_FIRM_OFFICES, `List at most ${MAX_FIRM_OFFICES} offices`).optional(),
    /** Keys of FIRM_SERVICES for the firm's trade (checked on the server, which knows the trade). */
    services: z
      .array(z.string().max(40))
      .max(20)
      .transform((v) => [...new Set(v)])
      .optional(),
    languages: z
      .array(z.enum(FIRM_LANGUAGE_CODES, { message: 'Choose languages from the list' }))
      .max(FIRM_LANGUAGE_CODES.length)
      .transform((v) => [...new Set(v)])
      .optional(),
    regulator: RegulatorSchema.nullable().optional(),
    regulator_number: z
      .string()
      .max(20, 'Enter the number as the register shows it')
      .transform(normaliseRegulatorNumber)
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    // Only when both are sent: a number alone is checked against the saved regulator on the server.
    if (v.regulator === undefined || v.regulator_number === undefined) return
    const problem = regulatorNumberProblem(v.regulator, v.regulator_number)
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
  })
export type UpdateFirmProfileInput = z.input<typeof UpdateFirmProfileInput>
export type UpdateFirmProfileData = z.output<typeof UpdateFirmProfileInput>

/** What the register said of the saved number; null when no number is saved. */
export const RegulatorCheck = z.object({
  status: z.enum(REGULATOR_CHECK_STATUSES).nullable(),
  /** 'sandbox' or 'http': which register adapter answered. */
  checked_by: z.string().nullable(),
  checked_at: Timestamp.nullable(),
  /** The name the register holds for the number, when found. */
  registered_name: z.string().nullable(),
  /** "Verified by the SRA register" (with " (sandbox)" from the sandbox); null unless verified. */
  badge: z.string().nullable(),
  /** The sentence to show the firm: the badge, or why the number is not verified. */
  message: z.string().nullable(),
})

/** GET /api/firms/{orgId}/profile: the firm's public profile as its members and its API keys see it. */
export const FirmProfile = z.object({
  organization_id: Uuid,
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  description: z.string().nullable(),
  town: z.string().nullable(),
  postcode_district: z.string().nullable(),
  contact_email: z.string().nullable(),
  website: z.string().nullable(),
  /** Path of the resized logo (WebP, at most 256 px square), served publicly with long caching; null without one. */
  logo_url: z.string().nullable(),
  offices: z.array(FirmOffice),
  services: z.array(z.string()),
  languages: z.array(z.string()),
  regulator: RegulatorSchema.nullable(),
  regulator_number: z.string().nullable(),
  regulator_check: RegulatorCheck.nullable(),
  /** The profile has what the marketplace needs (a description, a town and a contact email). */
  profile_complete: z.boolean(),
  /** Shown in the marketplace (the same rule). */
  listed: z.boolean(),
  updated_at: Timestamp,
})
export type FirmProfile = z.infer<typeof FirmProfile>

export const FirmProfileParams = z.object({ orgId: Uuid })

/** GET /api/firm-logos/{orgId}/{file}: `file` is the logo's version and extension ("3fa0c2….webp"). */
export const FirmLogoParams = z.object({
  orgId: Uuid,
  file: z.string().regex(/^[0-9a-f]{16,64}\.webp$/, 'Not a logo file name'),
})

/** The bytes of a logo upload: the raw request body. */
const LogoBytes = z.string().meta({ format: 'binary' })

const SCOPE_NOTE = 'A firm API key reaches its own firm; a session or personal token, the firm its person is in.'

/** The firm profile endpoints. */
export const firmProfileEndpoints = {
  get: endpoint({
    method: 'get',
    path: '/firms/{orgId}/profile',
    summary: "A firm's public profile (any member, or the firm's API key)",
    description: SCOPE_NOTE,
    scopes: ['profile:read'],
    request: { params: FirmProfileParams },
    responses: { 200: json('Profile', FirmProfile), ...ERRORS },
  }),
  update: endpoint({
    method: 'patch',
    path: '/firms/{orgId}/profile',
    summary:
      "Change a firm's public profile (admins, or the firm's API key); a regulator number is checked on the register",
    description:
      `${SCOPE_NOTE} Send only the fields to change. A regulator number not found on the register is saved ` +
      'unverified (regulator_check.status not_found) and never shown as verified. Example: ' +
      '{"description": "Conveyancing for St Albans and north London.", "regulator": "sra", "regulator_number": "612345", ' +
      '"offices": [{"address": "1 High Street, St Albans", "postcode": "AL1 3AA", "districts": ["AL2", "AL3"]}], ' +
      '"languages": ["en", "cy"], "services": ["freehold_purchase", "sale"], "website": "https://www.example.co.uk"}',
    scopes: ['profile:write'],
    request: { params: FirmProfileParams, body: jsonBody(UpdateFirmProfileInput) },
    responses: {
      200: json('Profile', FirmProfile),
      403: { description: 'A member who is not an admin' },
      422: { description: 'A service or regulator that is not for the firm’s trade' },
      ...ERRORS,
    },
  }),
  uploadLogo: endpoint({
    method: 'post',
    path: '/firms/{orgId}/logo',
    summary: "Upload the firm's logo (the image is the raw request body); resized to fit 256 px and stored as WebP",
    description: `${SCOPE_NOTE} PNG, JPEG, WebP or GIF, at most 5 MB.`,
    scopes: ['profile:write'],
    request: {
      params: FirmProfileParams,
      body: { required: true, content: { 'application/octet-stream': { schema: LogoBytes } } },
    },
    responses: {
      200: json('Profile', FirmProfile),
      403: { description: 'A member who is not an admin' },
      413: { description: 'Larger than 5 MB' },
      415: { description: 'Not a PNG, JPEG, WebP or GIF image' },
      ...ERRORS,
    },
  }),
  removeLogo: endpoint({
    method: 'delete',
    path: '/firms/{orgId}/logo',
    summary: "Remove the firm's logo",
    scopes: ['profile:write'],
    request: { params: FirmProfileParams },
    responses: { 200: json('Profile', FirmProfile), 403: { description: 'Not an admin' }, ...ERRORS },
  }),
  logoFile: endpoint({
    method: 'get',
    path: '/firm-logos/{orgId}/{file}',
    security: PUBLIC,
    summary: "A firm's logo (public; cached for a year: a new logo has a new path)",
    request: { params: FirmLogoParams },
    responses: { 200: { description: 'The logo (image/webp)' }, 404: ERRORS[404], 503: ERRORS[503] },
  }),
}
