/**
 * isDatabaseUnavailable (db/client.ts): which driver errors mean "the database is unreachable right
 * now" and answer 503 instead of 500. The messages are node-postgres's and PostgreSQL 15's own.
 */
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './client'

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['an administrator ended the connection', pgError('57P01', 'terminating connection due to administrator command')],
    [
      'a database refusing connections (maintenance)',
      pgError('55000', 'database "homeward" is not currently accepting connections'),
    ],
    ['the socket closed under a query', new Error('Connection terminated unexpectedly')],
    ['the pool could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a refused TCP connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'the cause of a wrapped error',
      Object.assign(new Error('Failed query: select 1'), { cause: pgError('57P01', 'terminating connection') }),
    ],
  ])('%s: unavailable', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it.each([
    [
      'another 55000 (object not in prerequisite state)',
      pgError('55000', 'currval of sequence "s" is not yet defined in this session'),
    ],
    ['a constraint violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a plain error', new Error('boom')],
  ])('%s: not unavailable', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false)
  })
})
