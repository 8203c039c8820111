/**
 * The 1,000 most common passwords (ASVS 6.2.4), refused at sign-up, password change and reset.
 * common-passwords.txt is the first 1,000 entries, by rank, of the `passwords` frequency list in the
 * npm package zxcvbn 4.4.2 (lib/frequency_lists.js), MIT licence, copyright Dan Wheeler and Dropbox,
 * Inc.: see common-passwords.LICENSE.txt. No internet service (such as haveibeenpwned) is asked.
 */
import { readFileSync } from 'node:fs'
import { fromAppRoot } from '../app-root'

let list: Set<string> | undefined

/** The list, read once from common-passwords.txt beside this file (one password a line). */
export function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(fromAppRoot('src/server/auth/common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  )
  return list
}

/** The message shown when a password is on the list. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the 1,000 most common passwords, so it is easy to guess. Choose a different one: a few unrelated words make a strong password.'

/** Whether `password` is on the list, compared case-insensitively ('Password' and 'PASSWORD' too). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase())
}
