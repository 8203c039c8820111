/**
 * Demo data for a fresh install (spec: Error catalogue): the professionals directory, four demo users
 * and one transaction in progress that they share, the demo firm's matters and the demo agent's sales. Loaded by the server at start when SEED_DEMO is on
 * (server.ts); idempotent and cheap to call again.
 */
import { insertDemoApiAccess } from './demo-api-access'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { rows as rowsOf } from '#server/db/rows.ts'
import type { Auth } from '../auth/auth'
import type { Logger } from '../logger'
import type { Database } from '../db/client'
import { recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'
import { syncTaskClocks } from '#server/core/clocks/clock-sync.ts'
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts'
import { DEMO_STALLED_SALE_ID, insertDemoAgentSales } from './demo-agent'
import { insertDemoChain } from './demo-chain'
import { insertDemoPropertyForms, signDemoPropertyForms } from './demo-property-forms'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { insertDemoSale } from './demo-sale'
import { DEMO_TRANSACTION_ID, insertDemoTransaction } from './demo-transaction'
import { DEMO_FIRM_COLLEAGUES, DEMO_MATTER_ID, insertDemoFirm } from './demo-firm'
import { insertDemoBroker } from './demo-broker'
import { DEMO_FIRM_ID, seedOrganizations } from './organizations'
import { insertDemoIdentity } from './demo-identity'
import { DEMO_REVIEW_CLIENT, seedDemoConveyancerDay } from './demo-conveyancer-day'
import { insertDemoDeposit } from './demo-deposit'
import { insertDemoFunds } from './demo-funds'
import { subscribeDemoFirms } from './demo-billing'
import { DEMO_SURVEY_BOOKING_ID, DEMO_SURVEYOR, insertDemoSurveyor } from './demo-surveyor'

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts'
export { DEMO_AGENT_SALES, DEMO_STALLED_SALE_ID } from './demo-agent'
export {
  DEMO_AGREED_PRICE_PENCE,
  DEMO_BLOCKED_REASON,
  DEMO_DAYS_SINCE_OFFER,
  DEMO_PROPERTY,
  DEMO_TRANSACTION_ID,
} from './demo-transaction'
export { DEMO_FIRM_COLLEAGUES, DEMO_FIRM_EXTRA_MATTERS, DEMO_MATTER_ID } from './demo-firm'
export { DEMO_BROKER_EXTRA_MOVES } from './demo-broker'
export { DEMO_CONVEYANCER_ENQUIRIES, DEMO_REVIEW_CLIENT } from './demo-conveyancer-day'
export { DEMO_FUNDING } from './demo-funds'
export { DEMO_SURVEY_BOOKING_ID, DEMO_SURVEYOR, DEMO_SURVEYOR_EXTRA_MOVES } from './demo-surveyor'

export {
  DEMO_FIRM_ID,
  DEMO_FIRM_NAME,
  DEMO_ORGANIZATION_COUNTS,
  generateDemoOrganizations,
  seedOrganizations,
} from './organizations'

// Serialises concurrent seeders (several server processes starting on one PostgreSQL) inside each
// write transaction; on PGlite there is only one connection, so it never waits.
const SEED_LOCK_KEY = 4_242_002

export interface SeedOptions {
  database: Database
  auth: Auth
  log?: Logger
  /** The clock the demo data is placed against (reviews, the transaction 38 days ago). Default now. */
  now?: Date
  /**
   * False loads the directory only: no demo accounts (their password is published) and no demo
   * transaction. Default true. With NODE_ENV=production server.ts does not seed at all: the
   * directory's firms, metrics and reviews are made up too (decision 068).
   */
  accounts?: boolean
  /** Where the demo seller's signed TA6 and TA10 PDFs are filed (the app's object storage). */
  storage: ObjectStorage
  /** Where notification links point (PUBLIC_URL). Demo mail never leaves: the addresses are .example. */
  publicUrl: string
}

export interface SeedResult {
  /** True when everything was already there and nothing was written. */
  alreadySeeded: boolean
  organizations: number
  reviews: number
  usersCreated: number
  transactionCreated: boolean
  ms: number
}

interface SeedState {
  hasFirm: boolean
  users: number
  hasTransaction: boolean
  hasFirmMatters: boolean
  hasAgentSales: boolean
  hasBrokerCases: boolean
  hasSurveyor: boolean
}

async function readState(database: Database): Promise<SeedState> {
  const [row] = await database.query<{
    has_firm: boolean
    users: number
    has_tx: boolean
    has_matters: boolean
    has_agent_sales: boolean
    has_broker: boolean
    has_surveyor: boolean
  }>(
    `select exists(select 1 from organizations where id = $1) as has_firm,
       (select count(*)::int from "user" where email = any($2::text[])) as users,
       exists(select 1 from transactions where id = $3) as has_tx,
       exists(select 1 from matters where id = $4) as has_matters,
       exists(select 1 from transactions where id = $5) as has_agent_sales,
       exists(select 1 from mortgage_cases where transaction_id = $3) as has_broker,
       exists(select 1 from survey_bookings where id = $6) as has_surveyor`,
    [
      DEMO_FIRM_ID,
      DEMO_ACCOUNTS.map((a) => a.email),
      DEMO_TRANSACTION_ID,
      DEMO_MATTER_ID,
      DEMO_STALLED_SALE_ID,
      DEMO_SURVEY_BOOKING_ID,
    ],
  )
  return {
    hasFirm: row.has_firm,
    users: Number(row.users),
    hasTransaction: row.has_tx,
    hasFirmMatters: row.has_matters,
    hasAgentSales: row.has_agent_sales,
    hasBrokerCases: row.has_broker,
    hasSurveyor: row.has_surveyor,
  }
}

/**
 * Creates a demo account ready to use: its (made-up, RFC 2606) address already confirmed, so no
 * verification email is sent and the demo buyer can invite and sign at once. The
 * user and its password account are written in one transaction with Better Auth's own password
 * hasher; the sign-up trigger makes the profile and role (docs/decisions/004-atomic-sign-up.md).
 * Returns false when the account already existed (a concurrent seeder made it first).
 */
/** The demo accounts' and the demo firm's colleagues' addresses. */
const demoEmails = () => [...DEMO_ACCOUNTS, ...DEMO_FIRM_COLLEAGUES].map((a) => a.email)

async function createDemoAccount(
  database: Database,
  auth: Auth,
  account: DemoAccount,
  passwordHash?: string,
): Promise<boolean> {
  const hash = passwordHash ?? (await (await auth.$context).password.hash(account.password))
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const email = account.email.toLowerCase()
    const found = await tx.execute(sql`select 1 from "user" where email = ${email}`)
    if (found.rows.length) return false
    const userId = randomUUID()
    await tx.execute(sql`insert into "user" (id, name, email, email_verified, signup_role)
      values (${userId}, ${account.name}, ${email}, true, ${account.role})`)
    await tx.execute(sql`insert into account (id, account_id, provider_id, user_id, password)
      values (${randomUUID()}, ${userId}, 'credential', ${userId}, ${hash})`)
    return true
  })
}

/** The demo buyer's and the demo conveyancer's profile ids (undefined until their accounts exist). */
async function demoBuyerAndConveyancer(database: Database): Promise<{ amelia?: string; priya?: string }> {
  const [amelia, priya] = await Promise.all(
    ['Buyer', 'Conveyancer'].map(async (label) => {
      const email = DEMO_ACCOUNTS.find((a) => a.label === label)!.email.toLowerCase()
      const [row] = await database.query<{ id: string }>(`select id from profiles where lower(email) = $1`, [email])
      return row?.id
    }),
  )
  return { amelia, priya }
}

/**
 * The demo conveyancer's day (demo-conveyancer-day.ts), once: her client in manual review gets an
 * account (Better Auth, like the demo accounts), then the enquiries go through their raise and reply paths.
 */
async function seedConveyancerDay(database: Database, auth: Auth, now: Date, publicUrl: string): Promise<number> {
  const clientOf = async () =>
    (
      await database.query<{ id: string }>(`select id from profiles where lower(email) = $1`, [
        DEMO_REVIEW_CLIENT.email.toLowerCase(),
      ])
    )[0]
  let client = await clientOf()
  let created = 0
  if (!client) {
    if (await createDemoAccount(database, auth, DEMO_REVIEW_CLIENT)) created = 1
    client = await clientOf()
  }
  if (client)
    await seedDemoConveyancerDay({ database, clientProfileId: client.id, now, publicUrl, lockKey: SEED_LOCK_KEY })
  return created
}

/** Tom signs his TA6 and TA10 through the signing path, once (demo-property-forms.ts). */
async function signDemoForms(database: Database, storage: ObjectStorage, publicUrl: string): Promise<void> {
  const email = DEMO_ACCOUNTS.find((a) => a.label === 'Seller')!.email.toLowerCase()
  const [tom] = await database.query<{ id: string; auth_id: string; name: string }>(
    `select p.id, u.id as auth_id, u.name from profiles p join "user" u on lower(u.email) = lower(p.email)
     where lower(p.email) = $1`,
    [email],
  )
  if (!tom) return
  await signDemoPropertyForms({
    database,
    storage,
    notify: { publicUrl, deliverMail: false },
    transactionId: DEMO_TRANSACTION_ID,
    seller: { profileId: tom.id, authId: tom.auth_id, email, name: tom.name },
  })
}

/**
 * Loads the demo data, skipping each part that is already there: the directory (marker: the demo
 * firm), the DEMO_ACCOUNTS (one per role, by email, created through Better Auth so the sign-up trigger makes
 * their profiles and roles) and the demo transaction (by its fixed id). A second call reads one row
 * and writes nothing. Content is fixed by seeded generators; only timestamps follow `now`.
 */
export async function seedDemoData({
  database,
  auth,
  log,
  now = new Date(),
  accounts = true,
  storage,
  publicUrl,
}: SeedOptions): Promise<SeedResult> {
  const started = performance.now()
  const result: SeedResult = {
    alreadySeeded: false,
    organizations: 0,
    reviews: 0,
    usersCreated: 0,
    transactionCreated: false,
    ms: 0,
  }
  const state = await readState(database)
  if (
    state.hasFirm &&
    (!accounts ||
      (state.users === DEMO_ACCOUNTS.length &&
        state.hasTransaction &&
        state.hasFirmMatters &&
        state.hasAgentSales &&
        state.hasBrokerCases &&
        state.hasSurveyor))
  ) {
    result.alreadySeeded = true
    if (accounts) {
      // Amelia verified her identity and Priya approved her CDD (demo-identity.ts): once, on a fresh database.
      const { amelia, priya } = await demoBuyerAndConveyancer(database)
      if (amelia && priya) {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
          await insertDemoIdentity(tx, { amelia, priya, demoTransactionId: DEMO_TRANSACTION_ID }, now)
          // The demo move's deposit, held by the sandbox partner (demo-deposit.ts).
          await insertDemoDeposit(tx, { amelia, priya, demoTransactionId: DEMO_TRANSACTION_ID }, now)
        })
      }
      await subscribeDemoFirms(database, demoEmails(), now)
      await signDemoForms(database, storage, publicUrl)
      result.usersCreated += await seedConveyancerDay(database, auth, now, publicUrl)
    }

    result.ms = Math.round(performance.now() - started)
    log?.debug(`demo data already loaded (${result.ms} ms)`)
    return result
  }

  if (!state.hasFirm) {
    const written = await seedOrganizations(database, { now, lockKey: SEED_LOCK_KEY })
    result.organizations = written.organizations
    result.reviews = written.reviews
  }

  if (accounts && state.users < DEMO_ACCOUNTS.length) {
    const [existing] = await database.query<{ emails: string[] | null }>(
      `select array_agg(email) as emails from "user" where email = any($1::text[])`,
      [DEMO_ACCOUNTS.map((a) => a.email)],
    )
    const have = new Set(existing?.emails ?? [])
    for (const account of DEMO_ACCOUNTS) {
      if (!have.has(account.email) && (await createDemoAccount(database, auth, account))) result.usersCreated += 1
    }
  }

  if (accounts && !state.hasTransaction) {
    const rows = await database.query<{ email: string; id: string }>(
      `select lower(email) as email, id from profiles where lower(email) = any($1::text[])`,
      [DEMO_ACCOUNTS.map((a) => a.email.toLowerCase())],
    )
    const profileOf = (label: string) => {
      const email = DEMO_ACCOUNTS.find((a) => a.label === label)!.email.toLowerCase()
      const id = rows.find((p) => p.email === email)?.id
      if (!id) throw new Error(`Demo data: the ${label.toLowerCase()} account ${email} has no profile`)
      return id
    }
    const people = {
      buyerProfileId: profileOf('Buyer'),
      sellerProfileId: profileOf('Seller'),
      conveyancerProfileId: profileOf('Conveyancer'),
      conveyancerOrganizationId: DEMO_FIRM_ID,
    }
    result.transactionCreated = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
      // Checked again under the lock: a concurrent seeder may have written it meanwhile.
      const found = await tx.execute(sql`select 1 from transactions where id = ${DEMO_TRANSACTION_ID}`)
      if (found.rows.length) return false
      await insertDemoTransaction(tx, people, now)
      // The move's money adds up (demo-funds.ts): plan, connected savings and the father's gift.
      await insertDemoFunds(tx, { amelia: people.buyerProfileId, demoTransactionId: DEMO_TRANSACTION_ID }, now)
      await insertDemoSale(tx, people, now)
      await insertDemoChain(
        tx,
        {
          demoTransactionId: DEMO_TRANSACTION_ID,
          sellerProfileId: people.sellerProfileId,
          conveyancerProfileId: people.conveyancerProfileId,
        },
        now,
      )
      await insertDemoPropertyForms(
        tx,
        { transactionId: DEMO_TRANSACTION_ID, sellerProfileId: people.sellerProfileId },
        now,
      )
      // The demo move is one more live case of the demo firm, and the demo conveyancer one more of its people.
      await recomputeAccreditation(tx, { organizationIds: [DEMO_FIRM_ID], source: 'seed' })
      return true
    })
  }

  if (accounts && !state.hasFirmMatters) {
    // The demo firm at work: Priya's colleagues, memberships and the matters on her cases board.
    // They share the demo password: hashed once (Better Auth's scrypt is the slow part of the seed).
    const hash = await (await auth.$context).password.hash(DEMO_FIRM_COLLEAGUES[0].password)
    for (const colleague of DEMO_FIRM_COLLEAGUES) {
      if (await createDemoAccount(database, auth, colleague, hash)) result.usersCreated += 1
    }
    const emails = [DEMO_ACCOUNTS.find((a) => a.label === 'Conveyancer')!, ...DEMO_FIRM_COLLEAGUES].map((a) =>
      a.email.toLowerCase(),
    )
    const rows = await database.query<{ email: string; id: string }>(
      `select lower(email) as email, id from profiles where lower(email) = any($1::text[])`,
      [emails],
    )
    const idOf = (email: string) => {
      const id = rows.find((p) => p.email === email)?.id
      if (!id) throw new Error(`Demo data: the demo account ${email} has no profile`)
      return id
    }
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
      const found = await tx.execute(sql`select 1 from matters where id = ${DEMO_MATTER_ID}`)
      if (found.rows.length) return
      await insertDemoFirm(
        tx,
        {
          priya: idOf(emails[0]),
          daniel: idOf(emails[1]),
          grace: idOf(emails[2]),
          organizationId: DEMO_FIRM_ID,
          demoTransactionId: DEMO_TRANSACTION_ID,
        },
        now,
      )
      // Its case-management system on the open API: a firm API key and a webhook endpoint with a log.
      await insertDemoApiAccess(
        tx,
        { priya: idOf(emails[0]), organizationId: DEMO_FIRM_ID, demoTransactionId: DEMO_TRANSACTION_ID },
        now,
      )
      // The clocks of the firm's matters start now rather than at the first periodic clock check, so
      // the board shows them from the first request (the demo sale's clocks were inserted above).
      const moves = await tx.execute(sql`select transaction_id from matters where organization_id = ${DEMO_FIRM_ID}`)
      for (const { transaction_id } of rowsOf(z.object({ transaction_id: z.string() }), moves)) {
        await syncTaskClocks(tx, transaction_id)
      }
    })
  }

  if (accounts && !state.hasAgentSales) {
    // The demo estate agent's portfolio: the demo move and four more sales, one of them stalled.
    const emails = ['Estate agent', 'Seller'].map((label) => DEMO_ACCOUNTS.find((a) => a.label === label)!.email)
    const rows = await database.query<{ email: string; id: string }>(
      `select lower(email) as email, id from profiles where lower(email) = any($1::text[])`,
      [emails.map((e) => e.toLowerCase())],
    )
    const [agentProfileId, sellerProfileId] = emails.map((e) => {
      const id = rows.find((p) => p.email === e.toLowerCase())?.id
      if (!id) throw new Error(`Demo data: the demo account ${e} has no profile`)
      return id
    })
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
      const found = await tx.execute(sql`select 1 from transactions where id = ${DEMO_STALLED_SALE_ID}`)
      if (found.rows.length) return
      await insertDemoAgentSales(tx, { agentProfileId, sellerProfileId, demoTransactionId: DEMO_TRANSACTION_ID }, now)
    })
  }

  if (accounts && !state.hasBrokerCases) {
    // The demo broker at work: Marcus on the demo move and his other buyers (demo-broker.ts).
    const emails = ['Buyer', 'Broker'].map((label) => DEMO_ACCOUNTS.find((a) => a.label === label)!.email.toLowerCase())
    const rows = await database.query<{ email: string; id: string }>(
      `select lower(email) as email, id from profiles where lower(email) = any($1::text[])`,
      [emails],
    )
    const idOf = (email: string) => {
      const id = rows.find((p) => p.email === email)?.id
      if (!id) throw new Error(`Demo data: the demo account ${email} has no profile`)
      return id
    }
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
      const found = await tx.execute(sql`select 1 from mortgage_cases where transaction_id = ${DEMO_TRANSACTION_ID}`)
      if (found.rows.length) return
      await insertDemoBroker(
        tx,
        { marcus: idOf(emails[1]), amelia: idOf(emails[0]), demoTransactionId: DEMO_TRANSACTION_ID },
        now,
      )
    })
  }

  if (accounts && !state.hasSurveyor) {
    // The demo surveyor at work (demo-surveyor.ts): after the demo firm's matters, a handful of which he is on.
    const [surveyor] = await database.query<{ id: string }>(`select id from profiles where lower(email) = $1`, [
      DEMO_SURVEYOR.email.toLowerCase(),
    ])
    const [buyer] = await database.query<{ id: string }>(`select id from profiles where lower(email) = $1`, [
      DEMO_ACCOUNTS.find((a) => a.label === 'Buyer')!.email.toLowerCase(),
    ])
    if (!surveyor || !buyer) throw new Error('Demo data: the demo surveyor or buyer has no profile')
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
      const found = await tx.execute(sql`select 1 from survey_bookings where id = ${DEMO_SURVEY_BOOKING_ID}`)
      if (found.rows.length) return
      await insertDemoSurveyor(
        tx,
        {
          surveyorId: surveyor.id,
          buyerId: buyer.id,
          demoTransactionId: DEMO_TRANSACTION_ID,
          conveyancingFirmId: DEMO_FIRM_ID,
        },
        now,
      )
    })
  }

  if (accounts) {
    // Amelia's identity check and approved CDD (demo-identity.ts, idempotent), and the demo move's
    // deposit, held by the sandbox partner (demo-deposit.ts): on the first start too.
    const { amelia, priya } = await demoBuyerAndConveyancer(database)
    if (amelia && priya) {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
        await insertDemoIdentity(tx, { amelia, priya, demoTransactionId: DEMO_TRANSACTION_ID }, now)
        await insertDemoDeposit(tx, { amelia, priya, demoTransactionId: DEMO_TRANSACTION_ID }, now)
      })
    }
  }

  if (accounts) {
    await subscribeDemoFirms(database, demoEmails(), now)
    // After the agent joined the move: his weekly update tells the seller's side the forms are signed.
    await signDemoForms(database, storage, publicUrl)
    // After the firm's matters: the conveyancer's enquiries and her client's manual review.
    result.usersCreated += await seedConveyancerDay(database, auth, now, publicUrl)
  }
  result.ms = Math.round(performance.now() - started)
  // Debug, not info: the start log shows the start line, the database and the demo accounts only.
  log?.debug(
    `demo data loaded in ${result.ms} ms: ${result.organizations} professionals, ${result.reviews} reviews, ` +
      `${result.usersCreated} demo accounts, ${result.transactionCreated ? 1 : 0} transaction`,
  )
  return result
}
