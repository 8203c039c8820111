/**
 * Import matters from a CSV (POST /api/matters/import, the cases board's "Import matters" dialog):
 * the file is parsed and each row checked by the shared checkMatterCsv (the same parser and the same
 * OpenMatterInput the dialog's preview uses), then every valid row is opened by openMatter, the one
 * way a matter is opened, each in its own database transaction: a row is created whole (move,
 * timeline, matter, client invitation, audit entry, webhook) or not at all, and one row's refusal
 * (a reference already used, a fee earner rule) never undoes another's. Rows run one after another.
 * Errors: 403 first when the viewer may not open matters at all (openMatter's rule, lockOpenerFirm:
 * no firm, an assistant, a firm key of another firm; email not verified); 422 when the file as a
 * whole cannot be imported (too large, too many rows, a column missing or unknown).
 */
import { checkMatterCsv, type ImportMattersResponse, type ImportedRow } from '#shared/contracts/matter-import.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { requireVerifiedEmail } from '#server/auth/require-verified-email.ts'
import { lockOpenerFirm, openMatter } from './open-matter'

/** Imports (or with `dryRun` only checks) the CSV `csv` for the viewer's firm; one result per row. */
export async function importMatters({
  database,
  viewer,
  csv,
  dryRun,
  publicUrl,
  deliverMail,
}: {
  database: Database
  viewer: Viewer
  csv: string
  dryRun: boolean
  publicUrl: string
  deliverMail: boolean
}): Promise<ImportMattersResponse> {
  // Who may import is who may open a matter: checked once, before the file, with the same rule.
  requireVerifiedEmail(viewer, 'import matters')
  await database.db.transaction((tx) => lockOpenerFirm(tx, viewer))
  const checked = checkMatterCsv(csv)
  if (!checked.ok) throw new AppError('unprocessable', checked.error, { csv: [checked.error] })
  const results: ImportedRow[] = []
  for (const row of checked.rows) {
    const base = { row: row.row, reference: row.reference, address: row.address, matter_id: null, transaction_id: null }
    if (!row.ok) {
      results.push({ ...base, status: 'error', errors: row.errors })
      continue
    }
    if (dryRun) {
      results.push({ ...base, status: 'valid', errors: [] })
      continue
    }
    try {
      const ids = await openMatter({ database, viewer, input: row.input, publicUrl, deliverMail })
      results.push({ ...base, status: 'created', errors: [], ...ids })
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      const fields = err.fields ? Object.values(err.fields).flat() : []
      results.push({ ...base, status: 'error', errors: fields.length ? [...new Set(fields)] : [err.message] })
    }
  }
  return {
    dry_run: dryRun,
    created: results.filter((r) => r.status === 'created').length,
    errors: results.filter((r) => r.status === 'error').length,
    rows: results,
  }
}
