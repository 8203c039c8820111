import { describe, expect, it } from 'vitest'
import {
  countLabel,
  filterOrganizations,
  HOMEWARD_READING,
  ORIGINAL_READING,
  TIER_OPTIONS,
  TYPE_OPTIONS,
  type MarketplaceFilters,
} from './filter'
import { createOrganization } from './organization-factory'

const harrison = createOrganization({
  name: 'Harrison Law LLP',
  type: 'law',
  accreditation_tier: 'platinum',
  town: 'Bristol',
  postcode_district: 'BS8',
})
const evans = createOrganization({
  name: 'Evans Surveyors',
  type: 'survey',
  accreditation_tier: 'gold',
  town: 'Cardiff',
  postcode_district: 'CF10',
})
const patel = createOrganization({
  name: 'Patel Mortgages',
  type: 'broker',
  accreditation_tier: 'silver',
  town: 'Leeds',
  postcode_district: 'LS1',
})
const bristolHomes = createOrganization({
  name: 'Bristol Homes',
  type: 'agent',
  accreditation_tier: 'gold',
  town: 'Bath',
  postcode_district: 'BA1',
})
const unranked = createOrganization({
  name: 'Newcomer Conveyancing',
  type: 'law',
  accreditation_tier: null,
  town: 'York',
  postcode_district: 'YO1',
})
const all = [harrison, evans, patel, bristolHomes, unranked]
const f = (over: Partial<MarketplaceFilters>): MarketplaceFilters => ({
  search: '',
  type: 'all',
  tier: 'all',
  welsh: false,
  ...over,
})
const names = (list: { name: string }[]) => list.map((o) => o.name)

describe('marketplace options (spec: Screens and routes)', () => {
  it('type options', () => {
    expect(TYPE_OPTIONS.map((o) => o.label)).toEqual([
      'All Types',
      'Conveyancers',
      'Surveyors',
      'Mortgage Brokers',
      'Estate Agents',
    ])
  })
  it('tier options', () => {
    expect(TIER_OPTIONS.map((o) => o.label)).toEqual(['All Tiers', 'Platinum Only', 'Gold & Above', 'Silver & Above'])
  })
})

describe('search', () => {
  it('empty search keeps everything in order', () => {
    expect(filterOrganizations(all, f({}))).toEqual(all)
  })

  it('is a case-insensitive substring match on the name', () => {
    expect(names(filterOrganizations(all, f({ search: 'HARRISON' })))).toEqual(['Harrison Law LLP'])
    expect(names(filterOrganizations(all, f({ search: '  law ' })))).toEqual(['Harrison Law LLP'])
  })

  it('ours also matches the town and the postcode district (the placeholder promises location)', () => {
    expect(names(filterOrganizations(all, f({ search: 'cardiff' })))).toEqual(['Evans Surveyors'])
    expect(names(filterOrganizations(all, f({ search: 'ls1' })))).toEqual(['Patel Mortgages'])
    // 'bristol' matches Harrison by town and Bristol Homes (in Bath) by name.
    expect(names(filterOrganizations(all, f({ search: 'Bristol' }), HOMEWARD_READING))).toEqual([
      'Harrison Law LLP',
      'Bristol Homes',
    ])
  })

  it('the original matched the name only (spec: Validation rules): location found nothing', () => {
    expect(names(filterOrganizations(all, f({ search: 'cardiff' }), ORIGINAL_READING))).toEqual([])
    expect(names(filterOrganizations(all, f({ search: 'Bristol' }), ORIGINAL_READING))).toEqual(['Bristol Homes'])
  })
})

describe('type', () => {
  it('is an exact match on type, or all', () => {
    expect(names(filterOrganizations(all, f({ type: 'law' })))).toEqual(['Harrison Law LLP', 'Newcomer Conveyancing'])
    expect(names(filterOrganizations(all, f({ type: 'survey' })))).toEqual(['Evans Surveyors'])
    expect(names(filterOrganizations(all, f({ type: 'broker' })))).toEqual(['Patel Mortgages'])
    expect(names(filterOrganizations(all, f({ type: 'agent' })))).toEqual(['Bristol Homes'])
    expect(filterOrganizations(all, f({ type: 'all' }))).toHaveLength(5)
  })
})

describe('tier', () => {
  it("ours is cumulative: 'Gold & Above' keeps gold and platinum", () => {
    expect(names(filterOrganizations(all, f({ tier: 'gold', welsh: false }), HOMEWARD_READING))).toEqual([
      'Harrison Law LLP',
      'Evans Surveyors',
      'Bristol Homes',
    ])
  })

  it("ours is cumulative: 'Silver & Above' keeps every accredited firm (not the unranked one)", () => {
    expect(names(filterOrganizations(all, f({ tier: 'silver', welsh: false }), HOMEWARD_READING))).toEqual([
      'Harrison Law LLP',
      'Evans Surveyors',
      'Patel Mortgages',
      'Bristol Homes',
    ])
  })

  it("'Platinum Only' is platinum alone under both readings", () => {
    expect(names(filterOrganizations(all, f({ tier: 'platinum', welsh: false }), HOMEWARD_READING))).toEqual([
      'Harrison Law LLP',
    ])
    expect(names(filterOrganizations(all, f({ tier: 'platinum', welsh: false }), ORIGINAL_READING))).toEqual([
      'Harrison Law LLP',
    ])
  })

  it('the original matched the exact tier although the labels say "and above" (spec: Validation rules)', () => {
    expect(names(filterOrganizations(all, f({ tier: 'gold', welsh: false }), ORIGINAL_READING))).toEqual([
      'Evans Surveyors',
      'Bristol Homes',
    ])
    expect(names(filterOrganizations(all, f({ tier: 'silver', welsh: false }), ORIGINAL_READING))).toEqual([
      'Patel Mortgages',
    ])
  })
})

describe('combinations', () => {
  it('search, type and tier all apply together', () => {
    expect(names(filterOrganizations(all, f({ search: 'bristol', type: 'law', tier: 'gold', welsh: false })))).toEqual([
      'Harrison Law LLP',
    ])
    expect(
      names(filterOrganizations(all, f({ search: 'bristol', type: 'agent', tier: 'platinum', welsh: false }))),
    ).toEqual([])
    expect(names(filterOrganizations(all, f({ type: 'law', tier: 'silver', welsh: false })))).toEqual([
      'Harrison Law LLP',
    ])
  })
})

describe('countLabel', () => {
  it("uses 'professional' for one and 'professionals' otherwise", () => {
    expect(countLabel(0)).toBe('0 professionals')
    expect(countLabel(1)).toBe('1 professional')
    expect(countLabel(2)).toBe('2 professionals')
  })
})

describe('Welsh-speaking (decision 067)', () => {
  it('keeps only firms whose languages include Welsh (cy), with the other filters', () => {
    const cymraeg = createOrganization({ name: 'Cyfreithwyr Caerdydd', type: 'law', languages: ['en', 'cy'] })
    const english = createOrganization({ name: 'English Only Law', type: 'law', languages: ['en'] })
    expect(names(filterOrganizations([cymraeg, english, evans], f({ welsh: true })))).toEqual(['Cyfreithwyr Caerdydd'])
    expect(names(filterOrganizations([cymraeg, english], f({ welsh: false })))).toEqual([
      'Cyfreithwyr Caerdydd',
      'English Only Law',
    ])
    expect(filterOrganizations([cymraeg], f({ welsh: true, type: 'survey' }))).toEqual([])
  })
})
