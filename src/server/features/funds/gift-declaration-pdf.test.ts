import { describe, expect, it } from 'vitest'
import { declarationStatements, renderGiftDeclarationPdf, type GiftDeclaration } from './gift-declaration-pdf'

const base: GiftDeclaration = {
  giftorName: 'Gina Giftor',
  giftorEmail: 'gina@example.test',
  relationship: 'Mother',
  buyerNames: ['Bea Buyer', 'Ben Buyer'],
  propertyAddress: '7 Giftwood Close, Harpenden, AL5 2JQ',
  amountPence: 25_000_00,
  sourceOfMoney: 'Savings from my salary',
  giftorWillLive: false,
  preparedAt: new Date('2026-11-27T12:00:00Z'),
}

describe('the gifted-deposit declaration', () => {
  it('states the amount, the parties, gift not loan, not repayable, no interest, occupation and source', () => {
    const text = declarationStatements(base).join('\n')
    expect(text).toContain('I, Gina Giftor, am the mother of Bea Buyer and Ben Buyer')
    expect(text).toContain('£25,000.00')
    expect(text).toContain('7 Giftwood Close, Harpenden, AL5 2JQ')
    expect(text).toContain('It is not a loan')
    expect(text).toContain('does not have to be repaid')
    expect(text).toContain('no legal or beneficial interest in the property')
    expect(text).toContain('I will not live in the property.')
    expect(text).toContain('The gifted money comes from: Savings from my salary')
  })

  it('a giftor who will live there says so and agrees to sign the occupier’s consent', () => {
    const text = declarationStatements({ ...base, giftorWillLive: true }).join('\n')
    expect(text).toContain('I will live in the property')
    expect(text).toContain("occupier's consent")
    expect(text).not.toContain('I will not live in the property.')
  })

  it('renders a PDF whose text carries the parties, the amount and each statement', async () => {
    const bytes = await renderGiftDeclarationPdf(base)
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-')
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
    const lines: string[] = []
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent()
      lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
    }
    // Wrapped lines join with single spaces: compare with runs of whitespace made one.
    const text = lines.join(' ').replace(/\s+/g, ' ')
    expect(text).toContain('Gifted deposit declaration')
    expect(text).toContain('Prepared on 27 Nov 2026')
    for (const part of [
      'Gina Giftor (gina@example.test)',
      'Mother',
      '£25,000.00',
      '7 Giftwood Close, Harpenden, AL5 2JQ',
    ])
      expect(text).toContain(part)
    for (const statement of declarationStatements(base)) expect(text).toContain(statement.replace(/\s+/g, ' '))
  })
})
