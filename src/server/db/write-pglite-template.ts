/**
 * `node dist/server/write-pglite-template.js <file>`: writes the migrated empty database's dump
 * (pglite-template.ts) to <file>. Run by the build (scripts/build.mjs, step 'database').
 */
import { writePgliteTemplate } from './pglite-template'

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: write-pglite-template <file.tar.gz>\n')
  process.exit(2)
}
await writePgliteTemplate(file)
