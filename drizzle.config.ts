import { defineConfig } from 'drizzle-kit'

// One migration set for PGlite and PostgreSQL: generated from the schema, committed, never edited.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
})
