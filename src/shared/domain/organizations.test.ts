import { describe, expect, it } from 'vitest'
import {
  ACCREDITATION_TIERS,
  averageRating,
  ORGANIZATION_TYPES,
  organizationTypeLabel,
  successRatePercent,
  tierRank,
} from './organizations'

describe('organizationTypeLabel: Conveyancer, Surveyor, Mortgage Broker, Estate Agent', () => {
  it.each([
    ['law', 'Conveyancer'],
    ['survey', 'Surveyor'],
    ['broker', 'Mortgage Broker'],
    ['agent', 'Estate Agent'],
  ])('%s is shown as %s', (type, label) => {
    expect(organizationTypeLabel(type)).toBe(label)
  })

  it('labels every organization type', () => {
    for (const type of ORGANIZATION_TYPES) expect(organizationTypeLabel(type)).not.toBe(type)
  })

  it('shows an unknown type as it is', () => {
    expect(organizationTypeLabel('lender')).toBe('lender')
    expect(organizationTypeLabel('')).toBe('')
  })
})

describe('tierRank: silver < gold < platinum', () => {
  it('ranks the tiers in rising order', () => {
    expect(ACCREDITATION_TIERS).toEqual(['silver', 'gold', 'platinum'])
    expect(tierRank('silver')).toBe(1)
    expect(tierRank('gold')).toBe(2)
    expect(tierRank('platinum')).toBe(3)
  })

  it('ranks no tier and unknown tiers below silver', () => {
    expect(tierRank(null)).toBe(0)
    expect(tierRank(undefined)).toBe(0)
    expect(tierRank('')).toBe(0)
    expect(tierRank('diamond')).toBe(0)
  })

  it('sorts a directory highest tier first', () => {
    const sorted = ['gold', null, 'platinum', 'silver', 'gold'].sort((a, b) => tierRank(b) - tierRank(a))
    expect(sorted).toEqual(['platinum', 'gold', 'gold', 'silver', null])
  })
})

describe('successRatePercent: 1 - collapse_rate as a whole percent', () => {
  it.each([
    [0, 100],
    [1, 0],
    [0.12, 88],
    [0.08, 92],
    [0.3, 70],
    // Rounds half up: 1 - 0.125 = 0.875 -> 87.5 -> 88.
    [0.125, 88],
    [0.1249, 88],
    [0.1251, 87],
  ])('collapse rate %s gives %s%%', (collapse, percent) => {
    expect(successRatePercent(collapse)).toBe(percent)
  })

  it('is not thrown by floating point: 1 - 0.07 is 0.9299999999999999', () => {
    expect(successRatePercent(0.07)).toBe(93)
  })
})

describe('averageRating: mean of rating_int to one decimal, "0.0" with no reviews', () => {
  it('is "0.0" with no reviews', () => {
    expect(averageRating([])).toBe('0.0')
  })

  it.each<[number[], string]>([
    [[5], '5.0'],
    [[1], '1.0'],
    [[4, 5], '4.5'],
    [[5, 5, 4], '4.7'],
    [[4, 4, 5], '4.3'],
    [[1, 2, 3, 4, 5], '3.0'],
    // 4.25 is half way: Math.round rounds it up to 4.3.
    [[4, 4, 4, 5], '4.3'],
    [[3, 4, 4, 4, 4, 4], '3.8'],
  ])('%j gives %s', (ratings, text) => {
    expect(averageRating(ratings)).toBe(text)
  })

  it('always shows one decimal', () => {
    expect(averageRating([4, 4])).toBe('4.0')
    expect(averageRating([2, 3, 4]).split('.')[1]).toHaveLength(1)
  })
})
