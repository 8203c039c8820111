// The pinning rule (scripts/check-package-pins.mjs) on the real package.json and on planted mistakes.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pinProblems } from './check-package-pins.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

describe('pinProblems', () => {
  it('finds none in package.json', () => {
    expect(pinProblems(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')))).toEqual([])
  })

  it('accepts exact versions, prereleases included', () => {
    expect(pinProblems({ dependencies: { a: '1.2.3', b: '2.0.0-rc.1' }, devDependencies: { c: '0.0.1' } })).toEqual([])
  })

  it('refuses ranges, tags and URLs, naming the package and the version to pin', () => {
    const pkg = {
      dependencies: { 'fuse.js': '^7.1.0', b: 'latest' },
      devDependencies: { typescript: '~6.0.3', e: 'github:x/y' },
    }
    const lock = {
      packages: { 'node_modules/fuse.js': { version: '7.1.0' }, 'node_modules/typescript': { version: '6.0.3' } },
    }
    expect(pinProblems(pkg, { lock })).toEqual([
      'package.json dependencies: "fuse.js": "^7.1.0" is not an exact version: write "7.1.0", the version package-lock.json holds.',
      'package.json dependencies: "b": "latest" is not an exact version: pin the version package-lock.json holds (npm ls b).',
      'package.json devDependencies: "typescript": "~6.0.3" is not an exact version: write "6.0.3", the version package-lock.json holds.',
      'package.json devDependencies: "e": "github:x/y" is not an exact version: pin the version package-lock.json holds (npm ls e).',
    ])
  })

  it('wants packages released together at one version', () => {
    const pkg = { dependencies: { '@aws-sdk/client-s3': '3.1169.0', '@aws-sdk/s3-request-presigner': '3.1162.0' } }
    expect(pinProblems(pkg)).toEqual([
      'package.json: @aws-sdk/client-s3 3.1169.0, @aws-sdk/s3-request-presigner 3.1162.0 are released together and must share one version.',
    ])
  })
})
