/**
 * The checkout's root directory: the nearest directory above this module's file that holds
 * package.json. Found at run time so that paths to files the server reads (the web build, the
 * migrations, the common-password list) are the same whether the server runs from its TypeScript
 * sources (src/server, under tsx or vitest) or from the bundle `npm start` builds (dist/server).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`)
  }
}

/** Absolute path of the directory holding package.json. */
export const APP_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)))

/** Absolute path of `relative` (slash-separated) under the checkout's root. */
export const fromAppRoot = (relative: string): string => path.join(APP_ROOT, relative)
