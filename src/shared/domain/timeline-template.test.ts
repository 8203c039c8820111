import { describe, expect, it } from 'vitest'
import { PARTICIPANT_ROLES } from './roles'
import { OWNER_SIDES, STAGE_KEYS, standardTimeline, type TimelineStageTemplate } from './timeline-template'

const freehold = standardTimeline({ tenure: 'freehold' })
const leasehold = standardTimeline({ tenure: 'leasehold' })
const titles = (stages: TimelineStageTemplate[]) => stages.flatMap((s) => s.tasks.map((t) => t.title))
const stage = (stages: TimelineStageTemplate[], key: string) => stages.find((s) => s.key === key)!

describe('standardTimeline: the standard milestones of a sale in England and Wales, as stages', () => {
  it('has the nine standard stages in timeline order', () => {
    expect(freehold.map((s) => s.stageName)).toEqual([
      'Offer accepted',
      'Instruction & ID checks',
      'Property information',
      'Searches',
      'Mortgage & survey',
      'Enquiries & report on title',
      'Exchange of contracts',
      'Completion',
      'Post-completion',
    ])
    expect(freehold.map((s) => s.key)).toEqual([...STAGE_KEYS])
    expect(leasehold.map((s) => s.key)).toEqual([...STAGE_KEYS])
  })

  it('gives every stage at least three tasks, so the timeline card always has three to show', () => {
    for (const s of [...freehold, ...leasehold]) expect(s.tasks.length).toBeGreaterThanOrEqual(3)
  })

  it('keeps every title within the tasks table limit and unique within a timeline', () => {
    for (const stages of [freehold, leasehold]) {
      const all = titles(stages)
      expect(new Set(all).size).toBe(all.length)
      for (const title of all) expect(title.length).toBeGreaterThan(0)
      for (const title of all) expect(title.length).toBeLessThanOrEqual(300)
    }
  })
})

describe('standardTimeline: who ticks each task', () => {
  it('uses only the known owner sides', () => {
    for (const t of [...freehold, ...leasehold].flatMap((s) => s.tasks)) expect(OWNER_SIDES).toContain(t.ownerSide)
  })

  it('names professionals by their participant role, so an owner side maps onto a participant', () => {
    for (const side of OWNER_SIDES.filter((s) => !s.endsWith('_side'))) expect(PARTICIPANT_ROLES).toContain(side)
  })

  it('gives the buyer and the seller tasks of their own, and every professional at least one', () => {
    const used = new Set(freehold.flatMap((s) => s.tasks.map((t) => t.ownerSide)))
    expect([...used].sort()).toEqual([...OWNER_SIDES].sort())
  })

  it('puts the forms on the side that fills them in', () => {
    const owner = (stages: TimelineStageTemplate[], pattern: RegExp) =>
      stages.flatMap((s) => s.tasks).find((t) => pattern.test(t.title))?.ownerSide
    expect(owner(leasehold, /^TA6 /)).toBe('seller_side')
    expect(owner(leasehold, /^TA7 /)).toBe('seller_side')
    expect(owner(leasehold, /^TA10 /)).toBe('seller_side')
    expect(owner(freehold, /TA13/)).toBe('seller_conveyancer')
    expect(owner(freehold, /LLC1 \+ CON29/)).toBe('buyer_conveyancer')
    expect(owner(freehold, /SDLT1/)).toBe('buyer_conveyancer')
    expect(owner(freehold, /DS1/)).toBe('seller_conveyancer')
    expect(owner(freehold, /memorandum of sale/i)).toBe('estate_agent')
    expect(owner(freehold, /mortgage offer/i)).toBe('mortgage_broker')
    expect(owner(freehold, /survey report/i)).toBe('surveyor')
  })
})

describe("standardTimeline: the field's own terms", () => {
  it.each([
    ['offer_accepted', /memorandum of sale/i],
    ['offer_accepted', /\(SSTC\)/],
    ['offer_accepted', /decision in principle \(DIP\)/],
    ['instruction', /client care letter/],
    ['instruction', /ID and AML checks \(customer due diligence\)/],
    ['instruction', /source of funds and source of wealth/i],
    ['property_information', /^TA6 /],
    ['property_information', /^TA10 /],
    ['property_information', /official copies of the register and title plan/i],
    ['property_information', /draft contract pack/i],
    ['searches', /LLC1 \+ CON29/],
    ['searches', /CON29DW/],
    ['searches', /environmental search/i],
    ['mortgage_and_survey', /mortgage offer/i],
    ['mortgage_and_survey', /RICS .*Level 1, 2 or 3/],
    ['mortgage_and_survey', /valuation/],
    ['enquiries', /pre-contract enquiries/i],
    ['enquiries', /report on title/i],
    ['exchange', /TR1/],
    ['exchange', /deposit/i],
    ['exchange', /Law Society Formula/],
    ['completion', /TA13/],
    ['completion', /completion statement/i],
    ['completion', /OS1 priority search/],
    ['completion', /keys released/],
    ['post_completion', /SDLT1.*14 days/],
    ['post_completion', /DS1/],
    ['post_completion', /AP1/],
  ])('%s has a task matching %s', (key, pattern) => {
    expect(stage(freehold, key).tasks.some((t) => pattern.test(t.title))).toBe(true)
  })
})

describe('standardTimeline: tenure', () => {
  it('has no leasehold tasks for a freehold', () => {
    expect(titles(freehold).filter((t) => /TA7|LPE1|landlord/.test(t))).toEqual([])
  })

  it('adds TA7, the LPE1 management pack request and review, and notice to the landlord for a leasehold', () => {
    const added = titles(leasehold).filter((t) => !titles(freehold).includes(t))
    expect(added).toEqual([
      'TA7 Leasehold Information Form completed',
      'Management pack (LPE1) requested from the landlord or managing agent',
      'Management pack (LPE1) reviewed: lease term, service charge and ground rent',
      'Notice of assignment and charge served on the landlord',
    ])
  })

  it('asks for the leasehold information before the draft contract pack goes out', () => {
    const info = stage(leasehold, 'property_information').tasks.map((t) => t.title)
    const pack = info.findIndex((t) => /draft contract pack/i.test(t))
    expect(info.findIndex((t) => /^TA7 /.test(t))).toBeLessThan(pack)
    expect(info.findIndex((t) => /LPE1/.test(t))).toBeLessThan(pack)
    expect(info[info.length - 1]).toMatch(/draft contract pack/i)
  })

  it('keeps the freehold task order within each stage when leasehold tasks are added', () => {
    for (const key of STAGE_KEYS) {
      const lease = stage(leasehold, key).tasks.map((t) => t.title)
      const free = stage(freehold, key).tasks.map((t) => t.title)
      expect(lease.filter((t) => free.includes(t))).toEqual(free)
    }
  })
})

describe('standardTimeline: England and Wales', () => {
  it('files SDLT1 within 14 days in England (the default)', () => {
    expect(standardTimeline({ tenure: 'freehold', nation: 'england' })).toEqual(freehold)
    expect(titles(freehold)).toContain('SDLT return (SDLT1) filed and tax paid within 14 days')
  })

  it('files Land Transaction Tax within 30 days in Wales, and no SDLT', () => {
    const wales = titles(standardTimeline({ tenure: 'freehold', nation: 'wales' }))
    expect(wales.some((t) => /Land Transaction Tax.*30 days/.test(t))).toBe(true)
    expect(wales.some((t) => /SDLT/.test(t))).toBe(false)
    expect(wales.length).toBe(titles(freehold).length)
  })
})

describe('standardTimeline: purity', () => {
  it('returns the same timeline on every call, as fresh objects a caller may change', () => {
    const first = standardTimeline({ tenure: 'freehold' })
    first[0].tasks[0].title = 'changed'
    first[0].tasks.push({ title: 'extra', ownerSide: 'buyer_side' })
    first.pop()
    expect(standardTimeline({ tenure: 'freehold' })).toEqual(freehold)
    expect(freehold).toHaveLength(9)
  })
})
