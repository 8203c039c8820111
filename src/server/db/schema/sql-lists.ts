/** Renders a list of allowed values as a SQL IN list for CHECK constraints: ('a', 'b'). Values are our constants, never input. */
export function sqlInList(values: readonly string[]): string {
  return `(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`
}
