/**
 * The CSV check shared by the import dialog's preview and the server's import: columns, limits,
 * spreadsheet row numbers, forgiving spreadsheet habits (£ and commas in prices, "Buyer", UK dates),
 * and errors that name the column.
 */
import { describe, expect, it } from 'vitest'
import { checkMatterCsv, MATTER_IMPORT_COLUMNS, MATTER_IMPORT_TEMPLATE } from './matter-import'

const HEADER = MATTER_IMPORT_COLUMNS.map((c) => c.key).join(',')

describe('checkMatterCsv', () => {
  it('accepts the template as it is downloaded', () => {
    const result = checkMatterCsv(MATTER_IMPORT_TEMPLATE)
    expect(result.ok && result.rows.map((r) => r.ok)).toEqual([true])
  })

  it('reads spreadsheet habits: a price with £ and commas, Buyer, dd/mm/yyyy dates, headings in any case', () => {
    const csv =
      'Reference,Address line 1,Town,Postcode,Agreed price,Tenure,Side,Client name,Client email,Target exchange date,Target completion date\n' +
      'R1,"Flat 2, 9 Mill Lane",Bath,ba1 1aa,"£325,000.50",Leasehold,Buyer,Omar Khan,omar@example.com,26/02/2027,12/03/2027\n'
    const result = checkMatterCsv(csv)
    if (!result.ok) throw new Error(result.error)
    const [row] = result.rows
    if (!row.ok) throw new Error(row.errors.join('; '))
    expect(row.input).toMatchObject({
      address_line_1: 'Flat 2, 9 Mill Lane',
      postcode: 'BA1 1AA',
      agreed_price: 325000.5,
      tenure: 'leasehold',
      side: 'buyer',
      reference: 'R1',
      target_exchange_date: '2027-02-26',
      target_completion_date: '2027-03-12',
    })
    expect(row.row).toBe(2)
  })

  it('reports each bad row by its spreadsheet number with errors naming the column, and a reference used twice', () => {
    const csv = [
      HEADER,
      'A1,1 High St,,Bath,BA1 1AA,200000,freehold,buyer,Ann,ann@example.com,,',
      '',
      'A2,2 High St,,Bath,NOPE,-5,freehold,both,Bob,not-an-email,,',
      'A1,3 High St,,Bath,BA1 1AA,200000,freehold,seller,Cat,cat@example.com,,',
    ].join('\n')
    const result = checkMatterCsv(csv)
    if (!result.ok) throw new Error(result.error)
    expect(result.rows.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [4, false],
      [5, false],
    ])
    const bad = result.rows[1]
    expect(!bad.ok && bad.errors).toEqual(
      expect.arrayContaining([
        'Postcode: Enter a valid UK postcode, like SW1A 1AA',
        'Price: Enter the agreed price in pounds',
        expect.stringMatching(/^Side: /),
        expect.stringMatching(/^Client email: /),
      ]),
    )
    const dup = result.rows[2]
    expect(!dup.ok && dup.errors).toEqual(['Reference: A1 is already used on row 2 of this file'])
  })

  it('refuses a whole file that is empty, lacks or adds a column, or has more than 500 rows', () => {
    expect(checkMatterCsv('')).toMatchObject({ ok: false, error: expect.stringContaining('empty') })
    expect(checkMatterCsv(HEADER + '\n')).toMatchObject({ ok: false, error: expect.stringContaining('no matters') })
    expect(checkMatterCsv('address_line_1,town\nx,y')).toMatchObject({
      ok: false,
      error: expect.stringContaining('lacks the columns postcode, agreed_price'),
    })
    expect(checkMatterCsv(HEADER + ',colour\n')).toMatchObject({ ok: false, error: expect.stringContaining('colour') })
    const row = 'A,1 High St,,Bath,BA1 1AA,200000,freehold,buyer,Ann,ann@example.com,,'
    const many = [HEADER, ...Array.from({ length: 501 }, () => row)].join('\n')
    expect(checkMatterCsv(many)).toMatchObject({ ok: false, error: expect.stringContaining('501 matters') })
    expect(checkMatterCsv(HEADER + '\n' + 'x'.repeat(600 * 1024))).toMatchObject({
      ok: false,
      error: expect.stringContaining('larger than 500 KB'),
    })
  })
})
