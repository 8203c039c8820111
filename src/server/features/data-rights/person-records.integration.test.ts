/**
 * 'Download my data' covers every record of the person (issue 39): every column of the live schema
 * that points at a person (a foreign key to profiles or to "user") must be listed in PERSON_COLUMNS
 * with where its rows are exported or why not, so a new table holding a person's records fails here
 * until the export takes it. And other-records.json holds the rows, without secrets.
 */
import { describe, expect, it } from 'vitest'
import { createTransaction } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { unzip } from '#server/test/unzip.ts'
import { OTHER_RECORDS, PERSON_COLUMNS } from './person-records'

const t = useTestApp()

describe('the data export and the schema', () => {
  it('lists every column that points at a person, and each listed column exists', async () => {
    const rows = await t.database.query<{ tbl: string; col: string }>(`
      select c.conrelid::regclass::text as tbl, a.attname as col
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
       where c.contype = 'f' and c.confrelid::regclass::text in ('profiles', '"user"')
       order by 1, 2`)
    const live = rows.map((r) => `${r.tbl.replaceAll('"', '')}.${r.col}`)
    expect(live.length).toBeGreaterThan(50)
    const missing = live.filter((c) => !(c in PERSON_COLUMNS))
    expect(
      missing,
      `columns pointing at a person that 'Download my data' does not place: add them to PERSON_COLUMNS (features/data-rights/person-records.ts)`,
    ).toEqual([])
    expect(Object.keys(PERSON_COLUMNS).filter((c) => !live.includes(c))).toEqual([])
    for (const [column, where] of Object.entries(PERSON_COLUMNS))
      expect(where, column).toMatch(/^([a-z-]+\.json|not exported: .{20,})$/)
  })

  it('puts the other records in other-records.json by table and column, secrets left out', async () => {
    const buyer = await t.signUp({ name: 'Rita Records' })
    const move = await createTransaction(t.database, { buyerProfileId: buyer.profileId })
    await t.database.query(
      `insert into property_forms (transaction_id, form, answers, updated_by) values ($1, 'ta6', '{}'::jsonb, $2)`,
      [move.transactionId, buyer.profileId],
    )
    const token = await t.request('/api/api-tokens', {
      as: buyer,
      json: { name: 'Spreadsheet', scopes: ['transactions:read'], expires_in_days: 30 },
    })
    const res = await t.request('/api/account/export', { as: buyer })
    expect(res.status).toBe(200)
    const entries = await unzip(Buffer.from(await res.arrayBuffer()))
    const other = JSON.parse(entries.get('other-records.json')!.toString('utf8')) as Record<
      string,
      Record<string, unknown>[]
    >
    expect(PERSON_COLUMNS['property_forms.updated_by']).toBe(OTHER_RECORDS)
    expect(other['property_forms.updated_by']).toEqual([
      expect.objectContaining({ transaction_id: move.transactionId, form: 'ta6' }),
    ])
    if (token.status === 201) {
      const tokens = other['api_tokens.profile_id'] ?? []
      expect(tokens).toEqual([expect.objectContaining({ name: 'Spreadsheet' })])
      expect(Object.keys(tokens[0]!).filter((k) => /hash|secret|token/i.test(k))).toEqual([])
    }
    expect(entries.get('README.txt')!.toString('utf8')).toContain('other-records.json')
  })
})
