import { describe, expect, it } from 'vitest'
import type { DocumentSummary } from '#shared/contracts/transactions.ts'
import { groupDocuments } from './group-documents'

const doc = (id: string, folder: DocumentSummary['folder'], at: string): DocumentSummary => ({
  id,
  filename: `${id}.pdf`,
  folder,
  version: 1,
  created_at: at,
  signed_at: null,
})

describe('groupDocuments', () => {
  it('lists the six folders in the fixed order even when empty', () => {
    expect(groupDocuments([]).map((g) => g.folder)).toEqual([
      'Identity',
      'Property',
      'Searches',
      'Mortgage',
      'Contracts',
      'Fixtures',
    ])
  })

  it('puts each document in its folder, newest first, and unknown folders last', () => {
    const groups = groupDocuments([
      doc('ta6-v1', 'Property', '2025-01-01T00:00:00Z'),
      doc('fix', 'Fixtures', '2025-01-02T00:00:00Z'),
      doc('ta6-v2', 'Property', '2025-01-03T00:00:00Z'),
      // 'Misc' is outside the contract: what a page built before a new folder would receive.
      doc('misc', 'Misc' as DocumentSummary['folder'], '2025-01-04T00:00:00Z'),
    ])
    expect(groups.find((g) => g.folder === 'Property')!.documents.map((d) => d.id)).toEqual(['ta6-v2', 'ta6-v1'])
    expect(groups.at(-1)).toMatchObject({ folder: 'Other', documents: [{ id: 'misc' }] })
  })
})
