/**
 * The integration tests' password hash: scrypt as in production, at a cost of N=1024, r=8 (about 1 ms)
 * instead of Better Auth's N=16384, r=16 (about 0.1 s of CPU, meant to slow down guessing). The tests
 * sign thousands of people up and in; none of them tests the hash's cost, and every password rule
 * (length, reset, change, wrong password) runs unchanged on top of it. Stored as "salt:key" in hex,
 * Better Auth's own format.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { PasswordHasher } from '../auth/auth'

const COST = { N: 1024, r: 8, p: 1 }
const KEY_BYTES = 64

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, COST, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex')
    return `${salt}:${(await derive(password, salt)).toString('hex')}`
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':')
    if (!salt || !key) throw new Error('Invalid password hash')
    const expected = Buffer.from(key, 'hex')
    const actual = await derive(password, salt)
    return expected.length === actual.length && timingSafeEqual(expected, actual)
  },
}
