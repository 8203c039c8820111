/**
 * A firm's public profile: read by any current member (or the firm's API key), changed by its admins
 * (or the key), with a regulator number checked on the RegulatorRegister before it is saved.
 * GET and PATCH /api/firms/{orgId}/profile. Issue 37 item 4; docs/decisions/056-regulator-register.md.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { FirmProfile, UpdateFirmProfileData } from '#shared/contracts/firm-profile.ts'
import {
  REGULATOR_CHECK_STATUSES,
  regulatorBadge,
  regulatorCheckMessage,
  regulatorNumberProblem,
  servicesFor,
  type FirmOffice,
  type RegulatorCheckStatus,
} from '#shared/domain/firm-profile.ts'
import { ORGANIZATION_TYPES, organizationTypeLabel } from '#shared/domain/organizations.ts'
import {
  REGULATOR_LABELS,
  REGULATORS,
  REGULATORS_BY_ORGANIZATION_TYPE,
  type Regulator,
} from '#shared/domain/regulators.ts'
import { principalAdminFirmIds, principalFirmIds } from '#server/access/sql-fragments.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { viewerAccessId, type Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, Timestamp } from '#server/db/rows.ts'
import { recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'
import { recordFirmEvent } from '#server/core/audit/firm-events.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { profileCompleteSql } from '#server/core/firm-profile/listing.ts'
import { RegisterUnavailableError, type RegulatorRegister } from '#server/providers/regulator-register/index.ts'

const ProfileRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  description: z.string().nullable(),
  town: z.string().nullable(),
  postcode_district: z.string().nullable(),
  contact_email: z.string().nullable(),
  website: z.string().nullable(),
  logo_key: z.string().nullable(),
  offices: z.array(z.object({ address: z.string(), postcode: z.string(), districts: z.array(z.string()) })),
  services: z.array(z.string()),
  languages: z.array(z.string()),
  regulator: z.enum(REGULATORS).nullable(),
  regulator_number: z.string().nullable(),
  regulator_status: z.enum(REGULATOR_CHECK_STATUSES).nullable(),
  regulator_checked_by: z.string().nullable(),
  regulator_checked_at: Timestamp.nullable(),
  regulator_registered_name: z.string().nullable(),
  profile_complete: z.boolean(),
  updated_at: Timestamp,
  is_member: z.boolean(),
  is_admin: z.boolean(),
})
type ProfileRow = z.output<typeof ProfileRow>

const iso = (v: Date | string) => new Date(v).toISOString()

/** The public path of a stored logo (`firm-logos/<org>/<version>`): `/api/firm-logos/<org>/<version>.webp`. */
export function logoUrl(orgId: string, logoKey: string | null): string | null {
  if (!logoKey) return null
  return `/api/firm-logos/${orgId}/${logoKey.split('/').at(-1)}.webp`
}

/** The answer of the profile endpoints from the organization's row. */
export function toFirmProfile(row: ProfileRow): FirmProfile {
  const check = { regulator: row.regulator, status: row.regulator_status, checkedBy: row.regulator_checked_by }
  return {
    organization_id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    town: row.town,
    postcode_district: row.postcode_district,
    contact_email: row.contact_email,
    website: row.website,
    logo_url: logoUrl(row.id, row.logo_key),
    offices: row.offices,
    services: row.services,
    languages: row.languages,
    regulator: row.regulator,
    regulator_number: row.regulator_number,
    regulator_check:
      row.regulator && row.regulator_number
        ? {
            status: row.regulator_status,
            checked_by: row.regulator_checked_by,
            checked_at: row.regulator_checked_at ? iso(row.regulator_checked_at) : null,
            registered_name: row.regulator_registered_name,
            badge: regulatorBadge(check),
            message: regulatorCheckMessage({ ...check, number: row.regulator_number }),
          }
        : null,
    profile_complete: row.profile_complete,
    listed: row.profile_complete,
    updated_at: iso(row.updated_at),
  }
}

/**
 * The organization's profile row with whether the principal is a member (may read) and an admin or
 * the firm's key (may change); `lock` takes the row `for update`. Null when there is no such firm.
 */
export async function readProfileRow(
  db: Database['db'] | Tx,
  viewer: Viewer,
  orgId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ProfileRow | null> {
  const res = await db.execute(sql`
    select o.id, o.name, o.type, o.description, o.town, o.postcode_district, o.contact_email, o.website, o.logo_key,
      o.offices, o.services, o.languages, o.regulator, o.regulator_number, o.regulator_status, o.regulator_checked_by,
      o.regulator_checked_at, o.regulator_registered_name, ${sql.raw(profileCompleteSql('o'))} as profile_complete,
      o.updated_at,
      o.id in ${principalFirmIds('v.vid')} as is_member,
      o.id in ${principalAdminFirmIds('v.vid')} as is_admin
    from organizations o cross join (select ${viewerAccessId(viewer)}::uuid as vid) v
    where o.id = ${orgId} ${lock ? sql`for update of o` : sql``}`)
  return firstRow(ProfileRow, res) ?? null
}

/** GET /api/firms/{orgId}/profile: any current member of the firm, or its API key; 404 for anyone else. */
export async function getFirmProfile({
  database,
  viewer,
  orgId,
}: {
  database: Database
  viewer: Viewer
  orgId: string
}): Promise<FirmProfile> {
  const row = await readProfileRow(database.db, viewer, orgId)
  if (!row?.is_member) throw notFound('firm')
  return toFirmProfile(row)
}

/** 404 unless a member; 403 naming the rule for a member who is not an admin. */
export function assertMayChangeProfile(row: ProfileRow | null): asserts row is ProfileRow {
  if (!row?.is_member) throw notFound('firm')
  if (!row.is_admin) throw new AppError('forbidden', `Only an admin of ${row.name} changes the firm's profile.`)
}

/** The services and regulator of `input` for a firm of `type`: 422 naming what is not for its trade. */
function assertForTrade(type: ProfileRow['type'], input: UpdateFirmProfileData): void {
  if (input.services) {
    const allowed = servicesFor(type)
    const wrong = input.services.filter((s) => !(s in allowed))
    if (wrong.length) {
      throw new AppError(
        'unprocessable',
        `${wrong.join(', ')} ${wrong.length === 1 ? 'is not a service' : 'are not services'} a ${organizationTypeLabel(type).toLowerCase()} lists. Choose from: ${Object.keys(allowed).join(', ')}.`,
        { services: ['Choose services from the list for your trade'] },
      )
    }
  }
  if (input.regulator) {
    const allowed = REGULATORS_BY_ORGANIZATION_TYPE[type]
    if (!allowed.includes(input.regulator)) {
      throw new AppError(
        'unprocessable',
        `A ${organizationTypeLabel(type).toLowerCase()} is regulated by ${allowed.map((r) => REGULATOR_LABELS[r]).join(' or ')}, not ${REGULATOR_LABELS[input.regulator]}.`,
        { regulator: ['Choose the regulator of your trade'] },
      )
    }
  }
}

interface RegisterCheck {
  status: RegulatorCheckStatus
  checkedBy: string
  registeredName: string | null
}

/** Asks the register about the number: verified with its registered name, not found, or unavailable. */
async function checkNumber(register: RegulatorRegister, regulator: Regulator, number: string): Promise<RegisterCheck> {
  try {
    const entry = await register.lookUp(regulator, number)
    return entry
      ? { status: 'verified', checkedBy: register.name, registeredName: entry.name }
      : { status: 'not_found', checkedBy: register.name, registeredName: null }
  } catch (err) {
    if (err instanceof RegisterUnavailableError) {
      return { status: 'unavailable', checkedBy: register.name, registeredName: null }
    }
    throw err
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * PATCH /api/firms/{orgId}/profile: changes the fields sent (admins, or the firm's API key acting as
 * its maker). A new regulator number, or one the register could not be asked about before, is looked
 * up first (outside the database transaction: a partner call never holds a row lock); what it said is
 * stored with the number, and only `verified` earns the badge. Then, in one transaction: the row
 * locked and the access checked again, the change, a firm event naming the fields, and the firm's
 * accreditation recomputed when its completeness changed (the onboarding step and the listing).
 */
export async function updateFirmProfile({
  database,
  viewer,
  orgId,
  input,
  register,
  origin,
}: {
  database: Database
  viewer: Viewer
  orgId: string
  input: UpdateFirmProfileData
  register: RegulatorRegister
  origin?: ClientInfo
}): Promise<FirmProfile> {
  const before = await readProfileRow(database.db, viewer, orgId)
  assertMayChangeProfile(before)
  assertForTrade(before.type, input)

  const regulator = input.regulator === undefined ? before.regulator : input.regulator
  const number = input.regulator_number === undefined ? before.regulator_number : input.regulator_number
  const problem = regulatorNumberProblem(regulator, number)
  if (problem) throw new AppError('validation_failed', problem.message, { [problem.field]: [problem.message] })
  const numberChanged = regulator !== before.regulator || number !== before.regulator_number
  let check: RegisterCheck | null | undefined // undefined: keep; null: clear
  if (!regulator || !number) check = numberChanged ? null : undefined
  else if (numberChanged || before.regulator_status !== 'verified' || before.regulator_checked_by !== register.name) {
    check = await checkNumber(register, regulator, number)
  }

  return database.db.transaction(async (tx) => {
    const row = await readProfileRow(tx, viewer, orgId, { lock: true })
    assertMayChangeProfile(row)
    const set: Record<string, unknown> = {}
    const changed: string[] = []
    const put = (field: keyof ProfileRow, value: unknown) => {
      if (value === undefined || same(value, row[field])) return
      set[field] = value
      changed.push(field)
    }
    put('description', input.description)
    put('town', input.town)
    put('postcode_district', input.postcode_district)
    put('contact_email', input.contact_email?.toLowerCase())
    put('website', input.website)
    put('offices', input.offices satisfies FirmOffice[] | undefined)
    put('services', input.services)
    put('languages', input.languages)
    if (numberChanged) {
      set.regulator = regulator ?? null
      set.regulator_number = regulator ? number : null
      changed.push('regulator')
    }
    if (check !== undefined) {
      set.regulator_status = check?.status ?? null
      set.regulator_checked_by = check?.checkedBy ?? null
      set.regulator_registered_name = check?.registeredName ?? null
      set.regulator_checked_at = check ? new Date().toISOString() : null
    }
    if (Object.keys(set).length === 0) return toFirmProfile(row)

    const columns = Object.entries(set).map(([column, value]) => {
      if (column === 'offices') return sql`${sql.identifier(column)} = ${JSON.stringify(value)}::jsonb`
      if (column === 'services' || column === 'languages')
        return sql`${sql.identifier(column)} = ${`{${(value as string[]).join(',')}}`}::text[]`
      if (column === 'regulator_checked_at') return sql`${sql.identifier(column)} = ${value}::timestamptz`
      return sql`${sql.identifier(column)} = ${value}`
    })
    await tx.execute(
      sql`update organizations set ${sql.join(columns, sql`, `)}, updated_at = now() where id = ${orgId}`,
    )
    const after = (await readProfileRow(tx, viewer, orgId))!
    if (changed.length) {
      await recordFirmEvent(tx, {
        viewer,
        kind: 'firm.profile_updated',
        organizationId: orgId,
        firmName: row.name,
        detail: {
          fields: changed,
          ...(check ? { regulator_status: check.status, register: check.checkedBy } : {}),
          ...(viewer.apiToken ? { api_token_id: viewer.apiToken.id } : {}),
        },
        origin,
      })
    }
    if (after.profile_complete !== row.profile_complete) {
      await recomputeAccreditation(tx, { organizationIds: [orgId], source: 'change' })
    }
    return toFirmProfile(after)
  })
}
