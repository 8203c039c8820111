import { describe, expect, it } from 'vitest'
import { fromPdtf, pdtfName, toPdtf, type PdtfSource } from './pdtf-mapping'
import { pdtfSchemaErrors } from './pdtf-schema'

const source: PdtfSource = {
  transactionId: '6f1c1d5e-3c1a-4c39-9e0e-0a3f7f1d2b11',
  status: 'active',
  agreedPricePence: 42_500_000,
  exchangeDate: '2027-01-15',
  completionDate: '2027-01-29',
  property: {
    addressLines: ['Flat 2', '14 Mill Lane', 'St Albans'],
    postcode: 'AL1 4NG',
    uprn: '100081234567',
    tenure: 'leasehold',
    titleNumber: 'HD123456',
    nation: 'england',
  },
  participants: [
    { role: 'buyer', fullName: 'Amelia Jane Clarke', organisation: null },
    { role: 'seller', fullName: 'Tom Wright', organisation: null },
    { role: 'buyer_conveyancer', fullName: 'Priya Shah', organisation: 'Shah & Co Solicitors' },
    { role: 'estate_agent', fullName: 'Cher', organisation: 'Hale Estates' },
  ],
  stages: [
    { name: 'Offer accepted', status: 'completed', blockedReason: null, tasks: [] },
    {
      name: 'Searches',
      status: 'blocked',
      blockedReason: 'Council backlog',
      tasks: [
        { title: 'Local authority search (LLC1 + CON29) ordered', completedAt: '2026-11-02T10:00:00.000Z' },
        { title: 'Drainage and water search (CON29DW) ordered', completedAt: null },
        { title: 'Environmental search ordered', completedAt: '2026-11-03T09:00:00.000Z' },
        { title: 'Search results received and reviewed', completedAt: null },
      ],
    },
  ],
}

describe('PDTF mapping', () => {
  it('exports a transaction that the PDTF v3 schema accepts with zero errors', () => {
    const pack = toPdtf(source)
    expect(pdtfSchemaErrors(pack)).toEqual([])
    expect(pack).toMatchObject({
      status: 'Sold subject to contract',
      participants: expect.arrayContaining([
        {
          name: { firstName: 'Priya', lastName: 'Shah' },
          role: "Buyer's Conveyancer",
          participantStatus: 'Active',
          organisation: 'Shah & Co Solicitors',
        },
        { name: { lastName: 'Cher' }, role: 'Estate Agent', participantStatus: 'Active', organisation: 'Hale Estates' },
      ]),
      propertyPack: {
        address: {
          line1: 'Flat 2',
          line2: '14 Mill Lane',
          town: 'St Albans',
          postcode: 'AL1 4NG',
          homeNation: 'England',
        },
        uprn: 100081234567,
        marketingTenure: 'Leasehold',
        titlesToBeSold: [{ titleNumber: 'HD123456' }],
        priceInformation: { price: 425000, priceQualifier: 'Price' },
        searches: [
          expect.objectContaining({ status: 'Ordered', orderDate: '2026-11-02T10:00:00.000Z' }),
          expect.objectContaining({ displayName: 'Environmental search', status: 'Ordered' }),
        ],
      },
      milestones: {
        searches: { ordered: '2026-11-02T10:00:00.000Z' },
        exchange: { expected: '2027-01-15T00:00:00Z' },
        completion: { expected: '2027-01-29T00:00:00Z' },
      },
    })
    expect(JSON.stringify(pack)).not.toMatch(/@/)
  })

  it('reads back every property field it exports', () => {
    expect(fromPdtf(toPdtf(source))).toEqual({
      address_line_1: 'Flat 2',
      address_line_2: '14 Mill Lane',
      town: 'St Albans',
      postcode: 'AL1 4NG',
      nation: 'england',
      uprn: '100081234567',
      tenure: 'leasehold',
      // A pack's price is a marketing price: never read as the agreed price (issue 39).
      marketing_price: { amount: 425000, qualifier: 'Price' },
      title_number: 'HD123456',
    })
  })

  it('marks delivered searches and completed milestones once exchanged', () => {
    const done = structuredClone(source)
    done.status = 'completed'
    done.stages[1]!.tasks[3]!.completedAt = '2026-11-20T12:00:00.000Z'
    const pack = toPdtf(done) as {
      propertyPack: { searches: { status: string }[] }
      milestones: Record<string, unknown>
    }
    expect(pdtfSchemaErrors(pack)).toEqual([])
    expect(pack.propertyPack.searches.map((s) => s.status)).toEqual(['Delivered', 'Delivered'])
    expect(pack.milestones.completion).toEqual({ completed: '2027-01-29T00:00:00Z' })
    expect(pack.milestones.exchange).toEqual({ completed: '2027-01-15T00:00:00Z' })
  })

  it('names the fields a bad pack gets wrong, without the other oneOf branches', () => {
    const errors = pdtfSchemaErrors({
      participants: [{ role: 'Wizard' }],
      propertyPack: {
        uprn: 'x',
        address: { postcode: '' },
        searches: [{ status: 'Ordered', orderDate: '2026-01-01' }],
      },
    })
    expect(errors).toEqual(
      expect.arrayContaining([
        'propertyPack.uprn: must be a whole number',
        'propertyPack.address.postcode: must not be empty',
        'propertyPack.searches[0].orderDate: must be a date and time with its offset, such as 2026-11-27T09:30:00Z',
      ]),
    )
    expect(errors.join('\n')).toMatch(/participants\[0\]\.role: must be one of "Seller"/)
    expect(errors.join('\n')).not.toMatch(/searches\[0\]\.status/)
  })

  it('splits names as PDTF wants them', () => {
    expect(pdtfName('  Mary  Ann  Evans ')).toEqual({ firstName: 'Mary Ann', lastName: 'Evans' })
    expect(pdtfName('Prince')).toEqual({ lastName: 'Prince' })
  })

  it('reads building number and street when line1 is absent, and PDTF tenures as ours', () => {
    expect(
      fromPdtf({
        propertyPack: {
          address: { buildingNumber: '47', street: 'Park Road', town: 'Harpenden', postcode: 'AL3 5AF' },
          ownership: { ownershipsToBeTransferred: [{ ownershipType: 'Managed Freehold', titleNumber: 'hd1' }] },
        },
      }),
    ).toEqual({
      address_line_1: '47 Park Road',
      town: 'Harpenden',
      postcode: 'AL3 5AF',
      tenure: 'freehold',
      title_number: 'HD1',
    })
  })
})
