/**
 * A professional without a firm creates one (a new organization: their marketplace listing, unlisted
 * until its profile is complete: core/firm-profile/listing.ts) or claims an existing listing nobody has joined yet; either way they become
 * its admin. Buyers and sellers have no firm (403). Someone already in a firm must leave it first (409).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { CreateFirmData, ListingSearchResponse } from '#shared/contracts/firms.ts'
import type { OrganizationType } from '#shared/domain/organizations.ts'
import type { StoredRole } from '#shared/domain/roles.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { organizationMembers, organizations } from '#server/db/schema/index.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import { AppError } from '#server/core/errors.ts'
import { recordFirmEvent } from '#server/core/audit/firm-events.ts'

const ORGANIZATION_TYPE_BY_ROLE: Partial<Record<StoredRole, OrganizationType>> = {
  pro_conveyancer: 'law',
  pro_surveyor: 'survey',
  pro_broker: 'broker',
  pro_agent: 'agent',
}

/** The directory type of the viewer's trade ('pro_conveyancer' -> 'law'); 403 for buyers and sellers. */
function firmTypeFor(viewer: Viewer): OrganizationType {
  for (const role of viewer.roles) {
    const type = ORGANIZATION_TYPE_BY_ROLE[role]
    if (type) return type
  }
  throw new AppError(
    'forbidden',
    'Only professionals belong to a firm. Buyers and sellers work on their moves directly.',
  )
}

async function assertNoFirm(tx: Tx, viewer: Viewer): Promise<void> {
  const res =
    await tx.execute(sql`select o.name from organization_members om join organizations o on o.id = om.organization_id
    where om.profile_id = ${viewer.profileId} and om.removed_at is null`)
  const row = firstRow(z.object({ name: z.string() }), res)
  if (row) throw new AppError('conflict', `You already belong to ${row.name}. A person works in one firm at a time.`)
}

/** Creates the firm and makes the viewer its admin, in one database transaction. Returns the firm id. */
export async function createFirm({
  database,
  viewer,
  input,
  origin,
}: {
  database: Database
  viewer: Viewer
  input: CreateFirmData
  origin?: ClientInfo
}): Promise<string> {
  const type = firmTypeFor(viewer)
  requireVerifiedEmail(viewer, 'create a firm')
  const id = randomUUID()
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${viewer.profileId}))`)
    await assertNoFirm(tx, viewer)
    await tx.insert(organizations).values({
      id,
      name: input.name,
      type,
      town: input.town,
      postcodeDistrict: input.postcode_district,
      contactEmail: input.contact_email.toLowerCase(),
      description: input.description ?? null,
    })
    await tx.insert(organizationMembers).values({ organizationId: id, profileId: viewer.profileId, role: 'admin' })
    await recordFirmEvent(tx, { viewer, kind: 'firm.created', organizationId: id, firmName: input.name, origin })
  })
  return id
}

/**
 * Claims a marketplace listing: only one nobody has joined, of the viewer's trade, and only from an
 * email address at the listing's own domain (its contact email's), so that a firm cannot be taken
 * over by a stranger. 404 for an unknown listing, 409 when it has members, 403 for another domain.
 */
export async function claimListing({
  database,
  viewer,
  organizationId,
  origin,
}: {
  database: Database
  viewer: Viewer
  organizationId: string
  origin?: ClientInfo
}): Promise<void> {
  const type = firmTypeFor(viewer)
  requireVerifiedEmail(viewer, 'claim a listing')
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${viewer.profileId}))`)
    await assertNoFirm(tx, viewer)
    const res = await tx.execute(sql`select id, name, type, contact_email,
        exists(select 1 from organization_members om where om.organization_id = o.id and om.removed_at is null) as has_members
      from organizations o where id = ${organizationId} for update`)
    const org = firstRow(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.string(),
        contact_email: z.string().nullable(),
        has_members: z.boolean(),
      }),
      res,
    )
    if (!org) throw new AppError('not_found', 'Could not find this listing.')
    if (org.has_members) {
      throw new AppError('conflict', `${org.name} already has people on Homeward. Ask its admin to invite you.`)
    }
    if (org.type !== type) throw new AppError('forbidden', `${org.name} is not a firm of your trade.`)
    const domain = (email: string | null) => email?.split('@')[1]?.toLowerCase() ?? null
    if (!org.contact_email || domain(org.contact_email) !== domain(viewer.email)) {
      throw new AppError(
        'forbidden',
        `To claim ${org.name}, sign in with an email address at its own domain (${domain(org.contact_email) ?? 'none listed'}), or contact support.`,
      )
    }
    await tx.insert(organizationMembers).values({ organizationId: org.id, profileId: viewer.profileId, role: 'admin' })
    await recordFirmEvent(tx, { viewer, kind: 'firm.claimed', organizationId: org.id, firmName: org.name, origin })
  })
}

const emailDomain = (email: string | null) => email?.split('@')[1]?.toLowerCase() ?? null

/**
 * Listings a professional without a firm could claim: organizations of their trade that nobody has
 * joined, whose name contains `q` (case-insensitive), at most 20 by name. Each says its contact
 * email's domain and whether the viewer's email is at it (claimListing's rule). 403 for buyers and sellers.
 */
export async function searchClaimableListings({
  database,
  viewer,
  q,
}: {
  database: Database
  viewer: Viewer
  q: string
}): Promise<ListingSearchResponse> {
  const type = firmTypeFor(viewer)
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const rows = await database.query<{
    id: string
    name: string
    town: string | null
    postcode_district: string | null
    contact_email: string | null
  }>(
    `select o.id, o.name, o.town, o.postcode_district, o.contact_email from organizations o
     where o.type = $1 and o.name ilike $2
       and not exists(select 1 from organization_members om where om.organization_id = o.id and om.removed_at is null)
     order by o.name, o.id limit 20`,
    [type, pattern],
  )
  const mine = emailDomain(viewer.email)
  return {
    listings: rows.map((r) => {
      const domain = emailDomain(r.contact_email)
      return {
        id: r.id,
        name: r.name,
        town: r.town,
        postcode_district: r.postcode_district,
        domain,
        claimable: domain !== null && domain === mine,
      }
    }),
  }
}
