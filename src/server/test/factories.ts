/**
 * Test data factories (CONVENTIONS.md: "Test data from factories with overrides and unique values";
 * after Documenso's seed functions). Every call makes new rows with unique values, so tests never
 * share state. Users go through Better Auth, exactly as a real sign-up does, so the database trigger
 * creates their profile and role.
 */
import { randomInt, randomUUID } from 'node:crypto'
import type { Auth } from '../auth/auth'
import type { Database } from '../db/client'
import { accreditationMetrics, marketplaceReviews, organizations } from '../db/schema'
import type { AccreditationTier, OrganizationType } from '#shared/domain/organizations.ts'
import { storedRoleFor, STORED_ROLES, type SignupRoleChoice, type StoredRole } from '#shared/domain/roles.ts'
import type { Tenure, TransactionStatus } from '#shared/domain/statuses.ts'
import { standardTimeline, type TimelineStageTemplate } from '#shared/domain/timeline-template.ts'
import { accreditationTierFor, type TierMetrics } from '#shared/domain/tiers.ts'
import {
  insertTransaction,
  type InsertedTransaction,
  type ParticipantSpec,
  type PropertySpec,
  type StageSpec,
} from '#server/core/timeline/insert-transaction.ts'

export { stagesInProgress, percentDone } from '#server/core/timeline/insert-transaction.ts'
export type {
  InsertedTransaction,
  ParticipantSpec,
  StageSpec,
  TaskSpec,
} from '#server/core/timeline/insert-transaction.ts'

let counter = 0
/** A short unique suffix: a per-process counter plus random hex, so parallel test files never clash. */
function unique(): string {
  counter += 1
  return `${counter}-${randomUUID().slice(0, 8)}`
}

export interface CreateUserOptions {
  /** Needed to look up the profile the sign-up trigger created. */
  database: Database
  /** A stored role ('consumer_buyer') or a sign-up choice ('buyer'). Default 'consumer_buyer'. */
  role?: StoredRole | SignupRoleChoice
  name?: string
  /** Default: a unique address at homeward.test. */
  email?: string
  /** Default: 'correct horse battery staple'. */
  password?: string
  /** Whether their email counts as confirmed. Default true. */
  verified?: boolean
}

export interface CreatedUser {
  /** Better Auth's user.id (profiles.auth_id). */
  authUserId: string
  /** profiles.id: what transactions and participants reference. */
  profileId: string
  name: string
  email: string
  password: string
  role: StoredRole
  /** `homeward.session_token=...`: send as the Cookie header to act as this user. */
  cookie: string
}

/**
 * Signs a new user up through Better Auth (`auth.api.signUpEmail`), so the profile and role are made
 * by the same trigger as in production, signs them in and returns their ids and a session cookie. Unique email per
 * call unless one is given. Throws when Better Auth refuses the sign-up.
 */
function isStoredRole(role: StoredRole | SignupRoleChoice): role is StoredRole {
  return STORED_ROLES.some((r) => r === role)
}

export async function createUser(auth: Auth, options: CreateUserOptions): Promise<CreatedUser> {
  const choice = options.role ?? 'buyer'
  const role: StoredRole = isStoredRole(choice) ? choice : storedRoleFor(choice)
  const id = unique()
  const email = options.email ?? `user-${id}@homeward.test`
  const name = options.name ?? `Test ${role.replace(/^(pro|consumer)_/, '')} ${id}`
  const password = options.password ?? 'correct horse battery staple'
  const { response } = await auth.api.signUpEmail({
    body: { name, email, password, signupRole: role },
    returnHeaders: true,
  })
  // Sign-up signs nobody in: the session comes from signing in with the password.
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true })
  const cookie = headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))
    ?.split(';')[0]
  // Factory users have confirmed their email (as if they had opened the link) unless asked otherwise.
  if (options.verified !== false) {
    await options.database.query(`update "user" set email_verified = true where id = $1`, [response.user.id])
  }
  const [profile] = await options.database.query<{ id: string }>('select id from profiles where auth_id = $1', [
    response.user.id,
  ])
  if (!profile) throw new Error(`createUser: no profile was created for ${email}`)
  return { authUserId: response.user.id, profileId: profile.id, name, email, password, role, cookie: cookie ?? '' }
}

/** Stage specs for a template with nothing started: every task not completed. */
export function stagesFromTemplate(template: readonly TimelineStageTemplate[]): StageSpec[] {
  return template.map((s) => ({
    stageName: s.stageName,
    tasks: s.tasks.map((t) => ({ title: t.title, ownerSide: t.ownerSide })),
  }))
}

export interface CreateTransactionOptions {
  buyerProfileId?: string | null
  sellerProfileId?: string | null
  /** Default: the buyer. */
  createdBy?: string | null
  /** Extra participants (professionals, or the buyer and seller with other settings). */
  participants?: ParticipantSpec[]
  /** Add the buyer and the seller as participants 'buyer' and 'seller' when not listed. Default true. */
  addPartiesAsParticipants?: boolean
  /** Default: the standard timeline for `tenure`, nothing started (see stagesInProgress for progress). */
  stages?: StageSpec[]
  /** Default 'freehold'. */
  tenure?: Tenure
  /** Default 'active'. */
  status?: TransactionStatus
  /** Overrides of the property; by default a unique house number on a St Albans street. */
  property?: Partial<PropertySpec>
  agreedPricePence?: number | null
  /** Default now. */
  createdAt?: Date
}

/**
 * Inserts a transaction with its property, stages, tasks and participants in ONE database transaction
 * and returns every id (stage and task ids in sort_index order). Profiles must exist (createUser).
 */
export async function createTransaction(
  database: Database,
  options: CreateTransactionOptions = {},
): Promise<InsertedTransaction> {
  const tenure = options.tenure ?? 'freehold'
  const buyer = options.buyerProfileId ?? null
  const seller = options.sellerProfileId ?? null
  const participants = [...(options.participants ?? [])]
  if (options.addPartiesAsParticipants ?? true) {
    const listed = new Set(participants.map((p) => p.profileId))
    if (seller && !listed.has(seller)) participants.unshift({ profileId: seller, role: 'seller' })
    if (buyer && !listed.has(buyer) && buyer !== seller) participants.unshift({ profileId: buyer, role: 'buyer' })
  }
  const houseNumber = randomInt(1, 400)
  return database.db.transaction((tx) =>
    insertTransaction(
      tx,
      {
        id: randomUUID(),
        status: options.status ?? 'active',
        buyerProfileId: buyer,
        sellerProfileId: seller,
        createdBy: options.createdBy === undefined ? buyer : options.createdBy,
        agreedPricePence: options.agreedPricePence === undefined ? 450_000_00 : options.agreedPricePence,
        createdAt: options.createdAt ?? new Date(),
        property: {
          addressLines: [`${houseNumber} Hatfield Road`, 'St Albans'],
          postcode: 'AL1 3RR',
          uprn: String(randomInt(100_080_000_000, 100_081_000_000)),
          tenure,
          ...options.property,
        },
        stages: options.stages ?? stagesFromTemplate(standardTimeline({ tenure })),
        participants,
      },
      randomUUID,
    ),
  )
}

export interface CreateOrganizationOptions {
  /** Default 'law'. */
  type?: OrganizationType
  name?: string
  town?: string
  postcodeDistrict?: string
  /** Overrides of a plain Silver set of metrics; the tier is always accreditationTierFor(metrics). */
  metrics?: Partial<TierMetrics>
  /** rating_int of each review to add. */
  reviewRatings?: number[]
}

/**
 * Inserts an organization with one metrics row and optional reviews, in one database transaction.
 * The tier is computed from the metrics (spec: Business constants and limits), as in the seed; a firm below Silver gets none.
 */
export async function createOrganization(
  database: Database,
  options: CreateOrganizationOptions = {},
): Promise<{ organizationId: string; tier: AccreditationTier | null }> {
  const metrics: TierMetrics = {
    onboardingComplete: true,
    academyLiteAccess: true,
    liveCases: 5,
    slaRate: 0.85,
    completedCases: 12,
    avgDays: 80,
    collapseRate: 0.15,
    csat: 4.1,
    documentAccuracy: 0.95,
    ...options.metrics,
  }
  const tier = accreditationTierFor(metrics)
  const id = randomUUID()
  const name = options.name ?? `Test Firm ${unique()}`
  await database.db.transaction(async (tx) => {
    await tx.insert(organizations).values({
      id,
      name,
      type: options.type ?? 'law',
      accreditationTier: tier,
      town: options.town ?? 'St Albans',
      postcodeDistrict: options.postcodeDistrict ?? 'AL1',
      description: 'A test organization.',
      contactEmail: `enquiries@${id}.example`,
    })
    await tx.insert(accreditationMetrics).values({
      organizationId: id,
      avgDays: metrics.avgDays,
      collapseRate: metrics.collapseRate,
      csat: metrics.csat,
      casesCount: metrics.completedCases,
      liveCasesCount: metrics.liveCases,
      documentAccuracy: metrics.documentAccuracy,
      slaRate: metrics.slaRate,
      onboardingComplete: metrics.onboardingComplete,
      academyLiteAccess: metrics.academyLiteAccess,
    })
    const ratings = options.reviewRatings ?? []
    if (ratings.length) {
      await tx
        .insert(marketplaceReviews)
        .values(
          ratings.map((ratingInt, i) => ({ organizationId: id, ratingInt, authorName: `Reviewer ${i + 1}`, body: '' })),
        )
    }
  })
  return { organizationId: id, tier }
}
