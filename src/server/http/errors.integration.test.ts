/**
 * What the database refuses as text (a NUL character) is the person's input, not our failure: 400 with
 * a clear message, and nothing logged, since the log line would carry the query's parameters. The error comes from the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { isUnstorableText, NUL_MESSAGE, toErrorResponse } from './errors'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db?.drop()
})

async function answerTo(err: unknown) {
  const logged: unknown[] = []
  const app = new Hono()
  app.get('/', () => {
    throw err
  })
  app.onError((e, c) => toErrorResponse(c, e, (msg, detail) => logged.push([msg, detail])))
  const res = await app.request('/')
  return { res, logged }
}

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['text', `select $1::text as v`],
    ['jsonb', `select jsonb_build_object('v', $1::text) as v`],
  ])('a NUL in %s is 400 with the message, and nothing is logged', async (_kind, sql) => {
    const secret = 'Private Person\u0000 12 Secret Road'
    const err = await db.database.query(sql, [secret]).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).not.toBeNull()
    expect(isUnstorableText(err)).toBe(true)
    const { res, logged } = await answerTo(err)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NUL_MESSAGE)
    expect(logged).toEqual([])
  })

  it('finds the code on a wrapped cause (drizzle) too; other errors still 500 and are logged', async () => {
    const wrapped = new Error('Failed query: insert ... params: Private Person', {
      cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }),
    })
    expect((await answerTo(wrapped)).res.status).toBe(400)
    const other = await answerTo(new Error('boom'))
    expect(other.res.status).toBe(500)
    expect(other.logged).toHaveLength(1)
  })
})
