/**
 * The per-process viewer cache (auth/viewer-cache.ts): a kept cookie costs no query, and every change
 * to what makes a viewer is known before the next lookup, whoever wrote it and through whichever
 * connection of this process; another process's change arrives through the realtime hub's LISTEN
 * connection. Bounded in entries, and never used while changes could be missed.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { useTestApp, type TestUser } from '../test/test-app'
import { createViewerCache } from './viewer-cache'

const t = useTestApp()

/** The test app's database, counting the session lookups that reach it. */
function counting(database: Database) {
  const counter = { lookups: 0 }
  const wrapped: Database = {
    ...database,
    queryJson: (name, text, params) => {
      if (name === 'viewer_by_session') counter.lookups++
      return database.queryJson(name, text, params)
    },
  }
  return { wrapped, counter }
}

function cacheOver(database: Database, options: { maxEntries?: number; listening?: () => boolean } = {}) {
  const { realtime, config } = t
  return createViewerCache({
    database,
    realtime: {
      onViewerChange: realtime.onViewerChange,
      onResync: realtime.onResync,
      isListening: options.listening ?? realtime.isListening,
    },
    secret: config.authSecret,
    secure: config.secure,
    maxSessionDays: config.SESSION_MAX_DAYS,
    maxEntries: options.maxEntries,
  })
}

const authIdOf = async (user: TestUser) =>
  (await t.database.query<{ id: string }>(`select id from "user" where email = $1`, [user.email.toLowerCase()]))[0].id

describe('viewer cache', () => {
  it('looks a cookie up once, then answers from memory', async () => {
    const user = await t.signUp({ name: 'Kept Once' })
    const { wrapped, counter } = counting(t.appDatabase)
    const cache = cacheOver(wrapped)
    const first = await cache.resolve(user.cookie)
    for (let i = 0; i < 5; i++) expect(await cache.resolve(user.cookie)).toEqual(first)
    expect(first).toMatchObject({ fullName: 'Kept Once', profileId: user.profileId })
    expect(counter.lookups).toBe(1)
    expect(Object.isFrozen(first)).toBe(true)
  })

  it.each([
    ['the session is deleted', `delete from session where user_id = $1`],
    ['the session is shortened', `update session set expires_at = now() - interval '1 second' where user_id = $1`],
    ['the session is back-dated', `update session set created_at = now() - interval '400 days' where user_id = $1`],
    ['the email is changed', `update "user" set email = 'changed-' || id || '@homeward.test' where id = $1`],
    ['the name is changed', `update profiles set full_name = 'Renamed' where auth_id = $1`],
    [
      'a role is added',
      `insert into user_roles (user_id, role) select id, 'pro_surveyor' from profiles where auth_id = $1`,
    ],
  ])('forgets at once when %s through another connection of this process', async (_what, sql) => {
    const user = await t.signUp()
    const { wrapped, counter } = counting(t.appDatabase)
    const cache = cacheOver(wrapped)
    const before = await cache.resolve(user.cookie)
    expect(before).not.toBeNull()
    // t.database is the owner's pool on PostgreSQL (not the app's), the same instance on PGlite.
    await t.database.query(sql, [await authIdOf(user)])
    const after = await cache.resolve(user.cookie)
    expect(counter.lookups).toBe(2)
    expect(after).not.toEqual(before)
  })

  it('keeps the cookie when its session is only renewed (expiry moved later)', async () => {
    const user = await t.signUp()
    const { wrapped, counter } = counting(t.appDatabase)
    const cache = cacheOver(wrapped)
    await cache.resolve(user.cookie)
    await t.database.query(
      `update session set expires_at = expires_at + interval '1 day', updated_at = now() where user_id = $1`,
      [await authIdOf(user)],
    )
    await cache.resolve(user.cookie)
    expect(counter.lookups).toBe(1)
  })

  it('hears another process through the LISTEN connection (PostgreSQL)', async () => {
    if (!t.testDatabase.url) return
    const user = await t.signUp()
    const cache = cacheOver(t.appDatabase)
    expect(await cache.resolve(user.cookie)).not.toBeNull()
    // A connection this process's code did not open: as another server process writes.
    const other = new pg.Client({ connectionString: t.testDatabase.url })
    await other.connect()
    try {
      await other.query(`delete from session where user_id = $1`, [await authIdOf(user)])
    } finally {
      await other.end()
    }
    await expect.poll(() => cache.resolve(user.cookie), { timeout: 5_000, interval: 20 }).toBeNull()
  })

  it('holds at most maxEntries cookies, dropping the least recently used', async () => {
    const [a, b, c] = [await t.signUp(), await t.signUp(), await t.signUp()]
    const { wrapped, counter } = counting(t.appDatabase)
    const cache = cacheOver(wrapped, { maxEntries: 2 })
    await cache.resolve(a.cookie)
    await cache.resolve(b.cookie)
    await cache.resolve(a.cookie) // a is now the most recently used
    await cache.resolve(c.cookie) // b goes
    expect(cache.size()).toBe(2)
    expect(counter.lookups).toBe(3)
    await cache.resolve(a.cookie)
    expect(counter.lookups).toBe(3)
    await cache.resolve(b.cookie)
    expect(counter.lookups).toBe(4)
  })

  it('keeps nothing while changes from other processes cannot be heard', async () => {
    const user = await t.signUp()
    const { wrapped, counter } = counting(t.appDatabase)
    const cache = cacheOver(wrapped, { listening: () => false })
    await cache.resolve(user.cookie)
    await cache.resolve(user.cookie)
    expect(counter.lookups).toBe(2)
    expect(cache.size()).toBe(0)
  })

  it('a tampered or absent cookie is nobody, and is not kept', async () => {
    const user = await t.signUp()
    const cache = cacheOver(t.appDatabase)
    expect(await cache.resolve(undefined)).toBeNull()
    // One character of the token changed: the signature no longer matches.
    expect(
      await cache.resolve(user.cookie.replace(/=(.)/, (_m, ch: string) => `=${ch === 'A' ? 'B' : 'A'}`)),
    ).toBeNull()
    expect(cache.size()).toBe(0)
  })
})
