// The pure parts of the backup scripts (scripts/backup-lib.mjs): where the data is, from the server's
// variables; object keys that cannot become paths under objects/ (a hostile bucket); the arguments.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BackupError, libpqTarget, objectPath, parseArgs, targetFromEnv } from './backup-lib.mjs'

describe('targetFromEnv', () => {
  it('prefers the owner URL, and defaults to PGlite and disk under DATA_DIR', () => {
    const pg = targetFromEnv({ DATABASE_URL: 'postgres://app@h/db', DATABASE_OWNER_URL: 'postgres://owner@h/db' })
    expect(pg.database).toEqual({ kind: 'postgres', url: 'postgres://owner@h/db' })
    const local = targetFromEnv({ DATA_DIR: '/srv/homeward' })
    expect(local.database).toEqual({ kind: 'pglite', dir: path.resolve('/srv/homeward/pglite') })
    expect(local.storage).toEqual({ driver: 'disk', dir: path.resolve('/srv/homeward/objects') })
  })

  it('reads the S3 variables as the server does, and names a missing bucket', () => {
    const s3 = targetFromEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' })
    expect(s3.storage).toMatchObject({ driver: 's3', bucket: 'b', region: 'eu-west-2', forcePathStyle: true })
    expect(() => targetFromEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/)
    expect(() => targetFromEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(BackupError)
  })
})

describe('objectPath', () => {
  it('maps a key to a path under the root, refusing keys that would leave it', () => {
    expect(objectPath('/b/objects', 'documents/tx/one')).toBe(path.join('/b/objects', 'documents', 'tx', 'one'))
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', 'a\\b', '']) {
      expect(() => objectPath('/b/objects', key), key).toThrow(BackupError)
    }
  })
})

describe('libpqTarget and parseArgs', () => {
  it('moves the password out of the URL into PGPASSWORD', () => {
    expect(libpqTarget('postgres://owner:s%40cret@db:5432/homeward')).toEqual({
      dbname: 'postgres://owner@db:5432/homeward',
      env: { PGPASSWORD: 's@cret' },
    })
  })

  it('reads flags, options and positionals, and refuses an unknown option', () => {
    expect(parseArgs(['--out', '/x', '--with-keys'], { flags: ['with-keys'], options: ['out'] })).toEqual({
      _: [],
      out: '/x',
      'with-keys': true,
    })
    expect(parseArgs(['dir', '--force'], { flags: ['force'] })).toEqual({ _: ['dir'], force: true })
    expect(() => parseArgs(['--frce'], { flags: ['force'] })).toThrow(/Unknown option --frce/)
  })
})
