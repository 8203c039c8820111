/**
 * POST /api/transactions/pdtf-import: starts a move from a PDTF v3 property pack. The pack must be
 * within the shape limits (core/pdtf/pack-shape.ts: list lengths, nesting, values; checked first, in
 * a millisecond), then pass the PDTF schema, checked in a worker thread within a time budget
 * (core/pdtf/schema-check.ts; its errors come back in words, in `fields.pack`), then the create
 * form's own rules (a UK postcode, a price, a tenure), named by where they sit in the pack. The move
 * is created as the create form does, in one database transaction, with the pack's title number.
 * The 1 MB body limit (413) is the API's (app.ts), with this route's own message.
 */
import { ImportPdtfInput } from '#shared/contracts/pdtf.ts'
import { TITLE_NUMBER_PATTERN } from '#shared/contracts/pdtf.ts'
import { CreateTransactionInput } from '#shared/contracts/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { createTransaction } from '#server/core/timeline/create-transaction.ts'
import { fromPdtf, PDTF_FIELD_PATHS, type PdtfPropertyData } from '#server/core/pdtf/pdtf-mapping.ts'
import { packShapeProblem } from '#server/core/pdtf/pack-shape.ts'
import { checkPdtfSchema, type SchemaCheck } from '#server/core/pdtf/schema-check.ts'

const problems = (n: number) => (n === 1 ? '1 problem' : `${n} problems`)

/** The 422 for a pack the schema check refused, or could not finish. */
function schemaError(check: Exclude<SchemaCheck, { kind: 'valid' }>): AppError {
  if (check.kind === 'unchecked') {
    const message =
      check.reason === 'timeout'
        ? 'This file could not be checked against the PDTF v3 schema in the time allowed: it is far larger or more complex than a property pack. Check that it is the right file.'
        : 'This file could not be checked against the PDTF v3 schema: it is too large or too complex for the checker. Check that it is the right file.'
    return new AppError('unprocessable', message, { pack: [message] })
  }
  const { errors, complete } = check
  const count = complete ? problems(errors.length) : 'too many problems to list them all'
  return new AppError('unprocessable', `This file is not a valid PDTF v3 transaction (${count}). First: ${errors[0]}`, {
    pack: errors,
  })
}

/**
 * Returns the new move's id. Throws AppError 'unprocessable' (422) naming what to fix, and
 * RateLimitedError (429) when many packs already wait for the schema check.
 */
export async function importPdtf(opts: {
  database: Database
  viewer: Viewer
  input: ImportPdtfInput
}): Promise<{ id: string }> {
  const input = ImportPdtfInput.parse(opts.input)
  const shape = packShapeProblem(input.pack)
  if (shape) {
    throw new AppError('unprocessable', `This file cannot be imported: ${shape.message}`, {
      pack: [shape.message],
    })
  }
  const check = await checkPdtfSchema(input.pack)
  if (check.kind !== 'valid') throw schemaError(check)
  const data = fromPdtf(input.pack)
  const candidate = {
    ...data,
    role: input.role,
    tenure: data.tenure ?? input.tenure,
    agreed_price: data.agreed_price ?? input.agreed_price,
  }
  const parsed = CreateTransactionInput.safeParse(candidate)
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '_')
      const where = key in PDTF_FIELD_PATHS ? PDTF_FIELD_PATHS[key as keyof PdtfPropertyData] : key
      ;(fields[key] ??= []).push(`${where}: ${issue.message}`)
    }
    const first = Object.values(fields)[0]![0]!
    const missing = ['tenure', 'agreed_price'].filter((k) => k in fields && candidate[k as 'tenure'] === undefined)
    throw new AppError(
      'unprocessable',
      missing.length
        ? `The pack does not give the ${missing.map((k) => (k === 'tenure' ? 'tenure' : 'agreed price')).join(' or the ')}: enter ${missing.length > 1 ? 'them' : 'it'} and import again.`
        : `The pack's property data cannot start a move. ${first}`,
      fields,
    )
  }
  if (data.title_number && !TITLE_NUMBER_PATTERN.test(data.title_number)) {
    const message = `${PDTF_FIELD_PATHS.title_number}: "${data.title_number}" is not an HM Land Registry title number (up to three letters, then digits, such as HD123456)`
    throw new AppError('unprocessable', message, { title_number: [message] })
  }
  return createTransaction({
    database: opts.database,
    viewer: opts.viewer,
    input: parsed.data,
    titleNumber: data.title_number,
    source: 'pdtf',
  })
}
