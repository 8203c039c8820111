/**
 * Demo data for a fresh install (issue 2, section 8): the professionals directory, three demo users
 * and one transaction in progress that they share. Loaded by the server at start when SEED_DEMO is on
 * (server.ts); idempotent and cheap to call again.
 */
import { sql } from 'drizzle-orm'
import type { Auth } from '../../auth/auth'
import type { Logger } from '../../logger'
import type { Database } from '../client'
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts'
import { DEMO_TRANSACTION_ID, insertDemoTransaction } from './demo-transaction'
import { DEMO_FIRM_ID, seedOrganizations } from './organizations'

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts'
export {
  DEMO_AGREED_PRICE_PENCE,
  DEMO_BLOCKED_REASON,
  DEMO_DAYS_SINCE_OFFER,
  DEMO_PROPERTY,
  DEMO_TRANSACTION_ID,
} from './demo-transaction'
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
}

async function readState(database: Database): Promise<SeedState> {
  const [row] = await database.query<{ has_firm: boolean; users: number; has_tx: boolean }>(
    `select exists(select 1 from organizations where id = $1) as has_firm,
       (select count(*)::int from "user" where email = any($2::text[])) as users,
       exists(select 1 from transactions where id = $3) as has_tx`,
    [DEMO_FIRM_ID, DEMO_ACCOUNTS.map((a) => a.email), DEMO_TRANSACTION_ID],
  )
  return { hasFirm: row.has_firm, users: Number(row.users), hasTransaction: row.has_tx }
}

/** Signs a demo account up through Better Auth; an account that appeared meanwhile counts as done. */
async function signUpDemoAccount(database: Database, auth: Auth, account: DemoAccount): Promise<boolean> {
  try {
    const { user } = await auth.api.signUpEmail({
      body: { name: account.name, email: account.email, password: account.password, signupRole: account.role },
    })
    // Demo accounts are ready to use: their (made-up) addresses count as confirmed. Sign-up answers a known
    // address as a new one (issue 11, item 6): only the row with the answer's id was made by this call.
    const made = await database.query(`update "user" set email_verified = true where id = $1 returning id`, [user.id])
    return made.length === 1
  } catch (err) {
    // A concurrent seeder may have created it first: Better Auth then refuses the email ("already
    // exists") or, when both passed its check together, the unique index does. Either way it exists.
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from "user" where email = $1`, [
      account.email,
    ])
    if (Number(row.n) === 1) return false
    throw err
  }
}

/**
 * Loads the demo data, skipping each part that is already there: the directory (marker: the demo
 * firm), the three DEMO_ACCOUNTS (by email, created through Better Auth so the sign-up trigger makes
 * their profiles and roles) and the demo transaction (by its fixed id). A second call reads one row
 * and writes nothing. Content is fixed by seeded generators; only timestamps follow `now`.
 */
export async function seedDemoData({ database, auth, log, now = new Date() }: SeedOptions): Promise<SeedResult> {
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
  if (state.hasFirm && state.users === DEMO_ACCOUNTS.length && state.hasTransaction) {
    result.alreadySeeded = true
    result.ms = Math.round(performance.now() - started)
    log?.debug(`demo data already loaded (${result.ms} ms)`)
    return result
  }

  if (!state.hasFirm) {
    const written = await seedOrganizations(database, { now, lockKey: SEED_LOCK_KEY })
    result.organizations = written.organizations
    result.reviews = written.reviews
  }

  if (state.users < DEMO_ACCOUNTS.length) {
    const [existing] = await database.query<{ emails: string[] | null }>(
      `select array_agg(email) as emails from "user" where email = any($1::text[])`,
      [DEMO_ACCOUNTS.map((a) => a.email)],
    )
    const have = new Set(existing?.emails ?? [])
    for (const account of DEMO_ACCOUNTS) {
      if (!have.has(account.email) && (await signUpDemoAccount(database, auth, account))) result.usersCreated += 1
    }
  }

  if (!state.hasTransaction) {
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
      return true
    })
  }

  result.ms = Math.round(performance.now() - started)
  log?.info(
    `demo data loaded in ${result.ms} ms: ${result.organizations} professionals, ${result.reviews} reviews, ` +
      `${result.usersCreated} demo accounts, ${result.transactionCreated ? 1 : 0} transaction`,
  )
  return result
}
