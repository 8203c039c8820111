/**
 * Typed rows at the SQL boundary. Hand-written statements stay SQL (their measurements chose it:
 * docs/decisions), but their rows come back through a zod schema instead of an `as` cast:
 * `rows(Schema, await tx.execute(sql`...`))` returns `z.output<Schema>[]`.
 *
 * Outside production every row is parsed, so a renamed column, a wrong type or a missing `::int`
 * fails the integration and end-to-end tests with the statement's schema and the zod issues named,
 * instead of reaching production as `undefined`. In production the rows are returned as they are,
 * as http/validate-responses.ts does for answers: the statements were checked by the tests, and
 * parsing every row of every read would cost CPU on the hot paths.
 *
 * Both drivers are accepted: both return `int4` as numbers, `timestamptz` as Date and `json`/`jsonb`
 * parsed; `int8` (a bare `count(*)`, a `sum` of integers) is a string from node-postgres and a number
 * from PGlite, and `numeric` a string from both. Use `Timestamp` for timestamps and `Int8` for int8
 * (or cast in SQL: `count(*)::int`).
 */
import { z } from 'zod'

/** Parse rows outside production (NODE_ENV is read once, at start, as config.ts reads it). */
const PARSE_ROWS = process.env.NODE_ENV !== 'production'

/** A query result of either driver, or its rows. */
type Result = { rows: unknown[] } | readonly unknown[]

/** A `timestamptz`/`timestamp` column: a Date from the drivers, or ISO text built in SQL. */
export const Timestamp = z.union([z.date(), z.string()])

/** An `int8` column: a string from node-postgres, a number from PGlite. Read it with `Number()`. */
export const Int8 = z.union([z.number(), z.string()])

/** The commonest row: `returning id` or `select id`. */
export const IdRow = z.object({ id: z.string() })

function rowsOf(result: Result): readonly unknown[] {
  return 'rows' in result ? result.rows : result
}

/** Every row of `result`, parsed with `schema` outside production. Throws naming the column when a row does not fit. */
export function rows<S extends z.ZodType>(schema: S, result: Result): z.output<S>[] {
  const list = rowsOf(result)
  // Production: the rows as they are, typed as the schema the tests parsed them with (above).
  if (!PARSE_ROWS) return list as z.output<S>[]
  return list.map((r, i) => {
    const parsed = schema.safeParse(r)
    if (!parsed.success) {
      throw new Error(
        `A database row does not fit its schema (row ${i}): ${z.prettifyError(parsed.error)}; row keys: ${typeof r === 'object' && r !== null ? Object.keys(r).join(', ') : typeof r}`,
      )
    }
    return parsed.data
  })
}

/** The first row of `result`, parsed, or undefined when there is none. */
export function firstRow<S extends z.ZodType>(schema: S, result: Result): z.output<S> | undefined {
  const list = rowsOf(result)
  return list.length ? rows(schema, [list[0]])[0] : undefined
}

/** The first row of `result`, parsed; throws when there is none (a statement that always returns a row: `returning`, an aggregate). */
export function oneRow<S extends z.ZodType>(schema: S, result: Result): z.output<S> {
  const row = firstRow(schema, result)
  if (row === undefined) throw new Error('A statement expected to return a row returned none')
  return row
}
