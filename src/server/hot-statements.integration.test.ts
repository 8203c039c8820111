/**
 * The hot statements cost their viewer's own rows (issue 43): on 5,000 seeded moves
 * (test/hot-statements-data.ts: people, a fee earner of 1,000 matters and one of 100, an estate
 * agency, fifty other firms), the plans of the dashboard, the detail, the visibility check, the Pro
 * gate and the cases board read no table that grows with all moves by a sequential scan, in the
 * planner's own choice (EXPLAIN ANALYZE on analysed data, no planner setting changed), both as a
 * one-off plan and as the generic plan a named prepared statement settles on. A control shows that
 * the data is large enough for the check to bite: without the agency index the agent's dashboard
 * reads every participant. PostgreSQL only (TEST_DATABASE_URL): PGlite's planner is the same code,
 * but the app's figures are PostgreSQL's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './test/test-database'
import {
  GROWING_TABLES,
  hotStatements,
  seedHotStatements,
  seqScannedGrowingTables,
  type HotStatement,
  type HotStatementsData,
  type PlanNode,
} from './test/hot-statements-data'
import { DASHBOARD_SQL } from './features/transactions/list-dashboard'
import { DETAIL_SQL } from './features/transactions/get-transaction-detail'
import { boardSqlFor } from './features/firms/list-board'
import { PRO_GATE_SQL } from './core/entitlement'
import { CAN_SEE_SQL } from './access/transactions'

const MOVES = 5000
/**
 * The tables checked at 5,000 moves: every growing table but the firms' members, which grow with the
 * professionals (204 rows, a few pages here: a sequential scan of them is the planner's right
 * choice, checked below); bench/hot-plans.ts shows no plan scanning them at 50,000 moves (2,004 rows).
 */
const CHECKED = GROWING_TABLES.filter((table) => table !== 'organization_members')

interface IndexScan extends PlanNode {
  'Index Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('hot statements on PostgreSQL at 5,000 moves', () => {
  let t: TestDatabase
  let data: HotStatementsData
  let statements: HotStatement[]

  beforeAll(async () => {
    t = await createTestDatabase()
    data = await seedHotStatements(t.database, MOVES)
    statements = hotStatements(data, {
      dashboard: DASHBOARD_SQL,
      detail: DETAIL_SQL,
      canSee: CAN_SEE_SQL,
      proGate: PRO_GATE_SQL,
      board: boardSqlFor('instructed'),
    })
  }, 300_000)
  afterAll(() => t?.drop())

  /** EXPLAIN (ANALYZE) of `st` in one connection; `generic`: the plan a prepared statement settles on. */
  async function plan(st: HotStatement, { generic = false, before = [] as string[] } = {}): Promise<PlanNode> {
    const client = await t.database.pool!.connect()
    try {
      await client.query('begin')
      for (const b of before) await client.query(b)
      let res
      if (generic) {
        await client.query('set local plan_cache_mode = force_generic_plan')
        // The statement prepared in SQL, its plan through EXPLAIN EXECUTE.
        await client.query(`prepare hot_generic as ${st.sql}`)
        const args = st.params.map((p) => (p === null ? 'null' : `'${String(p).replace(/'/g, "''")}'`)).join(', ')
        res = await client.query(`explain (analyze, format json) execute hot_generic(${args})`)
        await client.query('deallocate hot_generic')
      } else {
        res = await client.query(`explain (analyze, format json) ${st.sql}`, st.params)
      }
      await client.query('rollback')
      return (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0].Plan
    } finally {
      client.release()
    }
  }

  function nodes(p: PlanNode): IndexScan[] {
    return [p as IndexScan, ...(p.Plans ?? []).flatMap(nodes)]
  }

  it('reads no table that grows with all moves by a sequential scan (one-off plans)', async () => {
    const found: Record<string, string[]> = {}
    for (const st of statements) found[st.name] = seqScannedGrowingTables(await plan(st), CHECKED)
    expect(found).toEqual(Object.fromEntries(statements.map((s) => [s.name, []])))
  })

  it('reads none either in the generic plans of the prepared statements', async () => {
    const found: Record<string, string[]> = {}
    for (const st of statements) found[st.name] = seqScannedGrowingTables(await plan(st, { generic: true }), CHECKED)
    expect(found).toEqual(Object.fromEntries(statements.map((s) => [s.name, []])))
  })

  it("reads the firms' members whole only while they are a few pages", async () => {
    const [members] = await t.database.query<{ pages: number }>(
      `select relpages as pages from pg_class where relname = 'organization_members'`,
    )
    expect(members.pages).toBeLessThanOrEqual(8)
  })

  it('is a check that bites: without the agency index the agent reads every participant', async () => {
    const st = statements.find((s) => s.name === 'dashboard, estate agent')!
    const without = await plan(st, { before: ['drop index transaction_participants_agency_idx'] })
    expect(seqScannedGrowingTables(without)).toContain('transaction_participants')
    const used = nodes(await plan(st)).map((n) => n['Index Name'])
    expect(used).toContain('transaction_participants_agency_idx')
  })

  it("the Pro gate finds the firm's first joining through its index", async () => {
    const st = statements.find((s) => s.name === 'Pro gate, fee earner')!
    const used = nodes(await plan(st)).map((n) => n['Index Name'])
    expect(used).toContain('organization_members_org_joined_idx')
  })

  it("the cases board builds the page's matters, not the firm's: 1,000 matters build as few rows as 100", async () => {
    // The page's ids are picked first, from the matters' own columns; then each row is built from its
    // matter (an index probe of matters_pkey per row). The planner may pick the ids by walking the
    // ordered index (reading the page and the row after it) or, as ANALYZE's sample makes it guess,
    // by reading the firm's ids and sorting them (ids only: cheap); either way no more than the page
    // and the row after it are built.
    const plans = async (name: string) => nodes(await plan(statements.find((s) => s.name === name)!))
    const reads = (all: IndexScan[], index: string) =>
      all
        .filter((n) => n['Index Name'] === index && n['Node Type'] === 'Index Scan')
        .map((n) => (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1))
    for (const name of ['cases board, 1,000 matters', 'cases board, 100 matters']) {
      const all = await plans(name)
      const built = reads(all, 'matters_pkey')
      expect(built.length, name).toBeGreaterThan(0)
      expect(Math.max(...built), name).toBeLessThanOrEqual(51)
      const ordered = reads(all, 'matters_org_instructed_idx')
      if (ordered.length) expect(Math.min(...ordered), name).toBeLessThanOrEqual(51)
    }
  })
})
