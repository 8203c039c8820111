import { sql, type SQL } from 'drizzle-orm'

/** Renders a list of allowed values as a SQL IN list for CHECK constraints: ('a', 'b'). Values are our constants, never input. */
export function sqlInList(values: readonly string[]): string {
  return `(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`
}

/** A list of our constants for checkSql: `inList(TASK_STATUSES)`. */
export interface SqlList {
  readonly sqlList: string
}

/** Wraps constants for checkSql, rendered as sqlInList renders them. */
export function inList(values: readonly string[]): SqlList {
  return { sqlList: sqlInList(values) }
}

/**
 * A CHECK constraint's SQL written from constants only, the one place where constants become SQL
 * text: checkSql`status in ${inList(TASK_STATUSES)}` or checkSql`char_length(body) between 1 and ${MAX}`.
 * Each interpolation must be an `inList` or a finite number; anything else throws when the schema
 * loads. The text is the same as the old `sql.raw(...)` forms, so drizzle-kit sees no change.
 */
export function checkSql(strings: TemplateStringsArray, ...parts: (SqlList | number)[]): SQL {
  let text = strings[0]!
  parts.forEach((part, i) => {
    if (typeof part === 'number') {
      if (!Number.isFinite(part)) throw new Error(`checkSql: ${part} is not a finite number`)
      text += String(part)
    } else if (part && typeof part.sqlList === 'string') text += part.sqlList
    else throw new Error('checkSql: interpolate only inList(...) or a number')
    text += strings[i + 1]!
  })
  return sql.raw(text)
}
