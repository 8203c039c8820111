/**
 * POST /api/transactions/pdtf-import (and .../preview): starts a move from a PDTF v3 property pack.
 * The pack must be within the shape limits (core/pdtf/pack-shape.ts: list lengths, nesting, values;
 * checked first, in a millisecond); its date-times without a time-zone offset are read as UK time
 * (core/pdtf/local-timestamps.ts) and reported as warnings, not refused; then it must pass the PDTF
 * schema, except in parts the import never uses, which are left out with a warning (core/pdtf/unused-parts.ts)
 * and the rest checked again; the PDTF
 * schema, checked in a worker thread within a time budget (core/pdtf/schema-check.ts, decision 048;
 * its errors come back in words, each naming the field by the schema's titles: core/pdtf/field-words.ts),
 * then the create form's own rules (a UK postcode, a tenure), named by where they sit in the pack.
 * The pack's price is a marketing price and never the agreed price: the importer gives that
 * (`agreed_price`), else 422 names the marketing price (decision 065). The move is created as the
 * create form does, in one database transaction, with the pack's title number and the seller's
 * TA6/TA10 answers it carries (core/pdtf/forms-from-pack.ts), signed when the pack says so; a form
 * signed there completes its timeline task through core tickTask, as signing in Homeward does.
 * The 1 MB body limit (413) is the API's (app.ts), with this route's own message.
 */
import { sql } from 'drizzle-orm'
import { ImportPdtfInput, PdtfPreviewInput, TITLE_NUMBER_PATTERN, type PdtfPreview } from '#shared/contracts/pdtf.ts'
import { CreateTransactionInput } from '#shared/contracts/transactions.ts'
import { PROPERTY_FORM_TITLES } from '#shared/domain/property-forms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { AppError } from '#server/core/errors.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { createTransaction } from '#server/core/timeline/create-transaction.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { PROPERTY_FORM_TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { fieldWords, sentenceInWords } from '#server/core/pdtf/field-words.ts'
import { formsFromPack, type PackForm } from '#server/core/pdtf/forms-from-pack.ts'
import { localTimestampWarning, readLocalTimestamps } from '#server/core/pdtf/local-timestamps.ts'
import { fromPdtf, PDTF_FIELD_PATHS, type PdtfPropertyData } from '#server/core/pdtf/pdtf-mapping.ts'
import { packShapeProblem } from '#server/core/pdtf/pack-shape.ts'
import { dropPart, leftOutWarning, unusedPartOf } from '#server/core/pdtf/unused-parts.ts'
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
  const errors = check.errors.map(sentenceInWords)
  const count = check.complete ? problems(errors.length) : 'too many problems to list them all'
  return new AppError(
    'unprocessable',
    `This file is not a valid PDTF v3 property pack (${count}). First: ${errors[0]}`,
    { pack: errors },
  )
}

/** "£1,260,000" for a price in pounds. */
const gbp = (pounds: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: Number.isInteger(pounds) ? 0 : 2,
  }).format(pounds)

/** What a pack brings, once it passed the checks. */
interface ReadPack {
  data: PdtfPropertyData
  forms: PackForm[]
  warnings: string[]
}

/**
 * Checks a pack as the import does (shape, local date-times, schema) and reads it. Throws AppError
 * 'unprocessable' (422) in words, RateLimitedError (429) when many packs wait for the schema check.
 */
async function readPack(pack: Record<string, unknown>): Promise<ReadPack> {
  const shape = packShapeProblem(pack)
  if (shape) {
    throw new AppError('unprocessable', `This file cannot be imported: ${shape.message}`, {
      pack: [shape.message],
    })
  }
  const local = readLocalTimestamps(pack)
  const leftOut: string[] = []
  // A schema problem only in parts the import never uses (an older version's register extract, say)
  // leaves that part out, with a warning, and the pack is checked again: at most MAX_RECHECKS times.
  for (let round = 0; ; round++) {
    const check = await checkPdtfSchema(local.pack)
    if (check.kind === 'valid') break
    if (check.kind === 'unchecked' || round === MAX_RECHECKS) throw schemaError(check)
    const parts = check.errors.map((e) => {
      const colon = e.indexOf(': ')
      return { steps: colon > 0 ? unusedPartOf(e.slice(0, colon)) : null, problem: e.slice(colon + 2) }
    })
    if (parts.some((p) => !p.steps)) throw schemaError(check)
    const seen = new Set<string>()
    for (const p of parts) {
      const key = JSON.stringify(p.steps)
      if (seen.has(key)) continue
      seen.add(key)
      const problem = check.errors[parts.indexOf(p)]!
      leftOut.push(leftOutWarning(p.steps!, sentenceInWords(problem).split(' › ').at(-1) ?? p.problem))
      dropPart(local.pack, p.steps!)
    }
  }
  const { forms, warnings } = formsFromPack(local.pack)
  return {
    data: fromPdtf(local.pack),
    forms,
    warnings: [...local.read.map(localTimestampWarning), ...leftOut, ...warnings],
  }
}

/** Schema checks after leaving unused parts out, before the pack is refused after all. */
const MAX_RECHECKS = 3

/** The property data of a read pack as a move's create input, or the 422 naming what is missing. */
function createInput(
  data: PdtfPropertyData,
  input: { role: 'buyer' | 'seller'; tenure?: 'freehold' | 'leasehold'; agreed_price?: number },
) {
  const candidate = {
    ...data,
    role: input.role,
    tenure: data.tenure ?? input.tenure,
    agreed_price: input.agreed_price,
  }
  const parsed = CreateTransactionInput.safeParse(candidate)
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '_')
      const where =
        key === 'agreed_price'
          ? 'The agreed price'
          : key in PDTF_FIELD_PATHS
            ? fieldWords(PDTF_FIELD_PATHS[key as keyof PdtfPropertyData])
            : key
      ;(fields[key] ??= []).push(`${where}: ${issue.message}`)
    }
    const first = Object.values(fields)[0]![0]!
    const noTenure = 'tenure' in fields && candidate.tenure === undefined
    const noPrice = 'agreed_price' in fields && candidate.agreed_price === undefined
    const marketing =
      noPrice && data.marketing_price
        ? `The pack's price is a marketing price (${data.marketing_price.qualifier ? `${data.marketing_price.qualifier} ` : ''}${gbp(data.marketing_price.amount)}), not the price agreed. `
        : ''
    const asks = [noTenure ? 'the tenure (the pack does not give it)' : null, noPrice ? 'the agreed price' : null]
      .filter(Boolean)
      .join(' and ')
    throw new AppError(
      'unprocessable',
      asks ? `${marketing}Enter ${asks} and import again.` : `The pack's property data cannot start a move. ${first}`,
      fields,
    )
  }
  if (data.title_number && !TITLE_NUMBER_PATTERN.test(data.title_number)) {
    const message = `${fieldWords(PDTF_FIELD_PATHS.title_number)}: "${data.title_number}" is not an HM Land Registry title number (up to three letters, then digits, such as HD123456)`
    throw new AppError('unprocessable', message, { title_number: [message] })
  }
  return parsed.data
}

/** The pack checked and read as the import would, without creating anything (the dialog's first step). */
export async function previewPdtf(opts: { input: PdtfPreviewInput }): Promise<PdtfPreview> {
  const { pack } = PdtfPreviewInput.parse(opts.input)
  const { data, forms, warnings } = await readPack(pack)
  // The address must be one a move can have; the price and tenure are asked in the dialog.
  createInput(data, { role: 'buyer', tenure: data.tenure ?? 'freehold', agreed_price: 1 })
  return {
    address: [data.address_line_1, data.address_line_2, data.town, data.postcode].filter(Boolean).join(', '),
    tenure: data.tenure ?? null,
    title_number: data.title_number ?? null,
    marketing_price: data.marketing_price ?? null,
    forms: forms.map((f) => ({
      form: f.form,
      title: PROPERTY_FORM_TITLES[f.form],
      status: f.signed ? 'signed' : 'draft',
      signed: f.signed,
    })),
    warnings,
  }
}

/**
 * Stores the pack's forms on the new move (signed ones as the pack says: no PDF, signer not on
 * Homeward) and ticks each signed form's timeline task through tickTask (the one tick path).
 */
async function storeForms(
  tx: Tx,
  txId: string,
  viewer: Viewer,
  forms: PackForm[],
  notify: NotificationDelivery,
): Promise<void> {
  for (const f of forms) {
    await tx.execute(sql`
      insert into property_forms (transaction_id, form, answers, updated_by, signed_name, signed_at)
      values (${txId}, ${f.form}, ${JSON.stringify(f.answers)}::jsonb, ${viewer.profileId},
              ${f.signed?.name ?? null}, ${f.signed?.at ?? null}::timestamptz)`)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'property_form.started',
      summary: f.signed
        ? `imported the ${PROPERTY_FORM_TITLES[f.form]} from the property pack, signed there as “${f.signed.name}”`
        : `imported the ${PROPERTY_FORM_TITLES[f.form]}'s answers from the property pack, as a draft`,
      payload: { form: f.form, source: 'pdtf', signedAt: f.signed?.at ?? null },
    })
    if (f.signed)
      await tickTask(tx, {
        txId,
        task: { title: PROPERTY_FORM_TASK_TITLES[f.form] },
        status: 'completed',
        actorId: viewer.profileId,
        reason: ' automatically: the property pack carries the form signed by the seller',
        payload: { cause: 'property_form', source: 'pdtf' },
        notify,
      })
  }
}

/**
 * Returns the new move's id and the import's warnings. Throws AppError 'unprocessable' (422) naming
 * what to fix (the agreed price always comes from `agreed_price`), and RateLimitedError (429) when
 * many packs already wait for the schema check.
 */
export async function importPdtf(opts: {
  database: Database
  viewer: Viewer
  input: ImportPdtfInput
  /** Where notification emails link to and whether they leave (a signed form's task may complete its stage). */
  notify: NotificationDelivery
}): Promise<{ id: string; warnings: string[] }> {
  const input = ImportPdtfInput.parse(opts.input)
  const { data, forms, warnings } = await readPack(input.pack)
  const create = createInput(data, input)
  const { id } = await createTransaction({
    database: opts.database,
    viewer: opts.viewer,
    input: create,
    titleNumber: data.title_number,
    source: 'pdtf',
    alsoInTransaction: (tx, txId) => storeForms(tx, txId, opts.viewer, forms, opts.notify),
  })
  return { id, warnings }
}
