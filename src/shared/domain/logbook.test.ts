import { describe, expect, it } from 'vitest'
import { canArchiveStatus, logbookCategoryFor } from './logbook'

describe('logbookCategoryFor', () => {
  it.each([
    ['TA6 Property Information Form.pdf', 'Property', 'property_information'],
    ['ta6.pdf', 'Property', 'property_information'],
    ['TA10_fittings_and_contents.pdf', 'Fixtures', 'fittings_and_contents'],
    ['EPC.pdf', 'Property', 'epc'],
    ['Energy Performance Certificate 2024.pdf', 'Property', 'epc'],
    ['Title register HD412873.pdf', 'Property', 'title'],
    ['NHBC warranty.pdf', 'Property', 'guarantees_and_warranties'],
    ['Damp proofing guarantee.pdf', 'Property', 'guarantees_and_warranties'],
    ['Building control completion certificate - extension.pdf', 'Property', 'building_control'],
    ['FENSA certificate windows.pdf', 'Property', 'certificates'],
    ['Gas Safe boiler installation.pdf', 'Property', 'certificates'],
    ['Boiler manual.pdf', 'Fixtures', 'fittings_and_contents'],
    ['Floor plan.pdf', 'Property', 'other'],
  ])('%s in %s is %s', (filename, folder, category) => {
    expect(logbookCategoryFor(filename, folder)).toBe(category)
  })
})

describe('canArchiveStatus', () => {
  it('archives only moves that have ended', () => {
    expect(canArchiveStatus('completed')).toBe(true)
    expect(canArchiveStatus('cancelled')).toBe(true)
    expect(canArchiveStatus('active')).toBe(false)
    expect(canArchiveStatus('exchange')).toBe(false)
    expect(canArchiveStatus('draft')).toBe(false)
  })
})
