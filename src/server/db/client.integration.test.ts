/**
 * queryJson, the hot-path query of db/client.ts: the same answers as a plain query, with the values
 * sent as parameters of a named prepared statement (on PGlite as on PostgreSQL), prepared once per
 * connection and name, and a name never reused for another text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  await testDb?.drop()
})

const ECHO = `select json_build_object('id', $1::uuid, 'n', $2::int, 'text', $3::text, 'none', $4::text, 'at', $5::timestamptz,
  'list', $6::text[])::text`

describe('queryJson', () => {
  it('answers as a plain query does, for every kind of parameter', async () => {
    const { database } = testDb
    const params = [
      '6f1c2a9e-3d4b-4c5d-8e9f-0a1b2c3d4e5f',
      42,
      `it's "quoted"; drop table x; --`,
      null,
      new Date('2026-01-02T03:04:05.678Z'),
      ['a', 'b,c', 'd"e'],
    ]
    const json = await database.queryJson('test_echo', ECHO, params)
    const [plain] = await database.query<{ json: string }>(`${ECHO} as json`, params)
    expect(json).toBe(plain.json)
    expect(JSON.parse(json!)).toMatchObject({ n: 42, text: `it's "quoted"; drop table x; --`, none: null })
  })

  it('prepares a name once and reuses it with new values', async () => {
    const { database } = testDb
    const text = `select json_build_object('n', $1::int * 2)::text`
    const answers = []
    for (let i = 0; i < 8; i++) answers.push(await database.queryJson('test_double', text, [i]))
    expect(answers.map((a) => JSON.parse(a!))).toEqual([0, 2, 4, 6, 8, 10, 12, 14].map((n) => ({ n })))
    // One entry in the connection's prepared statements (PGlite has one connection).
    if (database.kind === 'pglite') {
      const [row] = await database.query<{ n: number }>(
        `select count(*)::int as n from pg_prepared_statements where name = 'test_double'`,
      )
      expect(row.n).toBe(1)
    }
  })

  it('answers null when there is no row, and an error leaves the connection usable', async () => {
    const { database } = testDb
    expect(await database.queryJson('test_none', `select 'x'::text where $1::int > 1`, [0])).toBeNull()
    await expect(database.queryJson('test_fail', `select (1 / $1::int)::text`, [0])).rejects.toThrow(/division by zero/)
    expect(await database.queryJson('test_fail', `select (1 / $1::int)::text`, [1])).toBe('1')
    await expect(database.queryJson('test_broken', `select from where`, [])).rejects.toThrow()
    expect(await database.queryJson('test_none', `select 'x'::text where $1::int > 1`, [2])).toBe('x')
  })

  it('refuses a name already prepared for another text', async () => {
    const { database } = testDb
    await database.queryJson('test_unique', `select '1'::text`, [])
    await expect(database.queryJson('test_unique', `select '2'::text`, [])).rejects.toThrow(/unique/i)
  })

  it('waits for an open transaction, as a plain query does', async () => {
    const { database } = testDb
    const order: string[] = []
    const tx = database.db.transaction(async (t) => {
      await t.execute(`select 1`)
      await new Promise((r) => setTimeout(r, 50))
      order.push('transaction')
    })
    await new Promise((r) => setTimeout(r, 10))
    const read = database.queryJson('test_after', `select 'read'::text`, []).then((v) => order.push(v!))
    await Promise.all([tx, read])
    if (database.kind === 'pglite') expect(order).toEqual(['transaction', 'read'])
    else expect(order.sort()).toEqual(['read', 'transaction'])
  })
})
