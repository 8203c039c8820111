/**
 * The sandbox's registers: a handful of realistic official copies, as data. Each shows a case a
 * conveyancer meets (documented in the README's sandbox table and docs/decisions/029-title-checks.md):
 * - HD412873  12 Clarence Road (the demo move): THOMAS JAMES WHITFIELD, absolute freehold, one charge.
 * - HD398114  27 Lemsford Road: two proprietors and a Form A restriction (joint tenants in common).
 * - HD520447  Flat 3 Verulam Court: absolute leasehold with a management company's consent restriction.
 * - HD601932  The Old Forge, Redbourn: possessory freehold title.
 * - HD733205  8 Mill Lane, Harpenden: MARGARET ANNE COLE, a clean title (a mismatch for any other seller).
 * Names, dates and lenders are invented; the wording of the restrictions is HMLR's standard forms
 * (Land Registration Rules 2003, Schedule 4: Forms A and B).
 */
import type { RegisterSummary } from '#shared/domain/title-check.ts'

export const SANDBOX_REGISTERS: readonly RegisterSummary[] = [
  {
    titleNumber: 'HD412873',
    classOfTitle: 'Title absolute',
    tenure: 'freehold',
    propertyDescription: '12 Clarence Road, St Albans',
    postcode: 'AL1 4NG',
    proprietors: [{ name: 'THOMAS JAMES WHITFIELD', address: '12 Clarence Road, St Albans AL1 4NG' }],
    pricePaid: { amountPence: 410_000_00, date: '2019-03-14' },
    restrictions: [],
    charges: [{ date: '2019-03-14', lender: 'Nationwide Building Society' }],
    editionDate: '2019-04-02',
  },
  {
    titleNumber: 'HD398114',
    classOfTitle: 'Title absolute',
    tenure: 'freehold',
    propertyDescription: '27 Lemsford Road, St Albans',
    postcode: 'AL1 3PB',
    proprietors: [
      { name: 'DANIEL PETER MORGAN', address: '27 Lemsford Road, St Albans AL1 3PB' },
      { name: 'HELEN MORGAN', address: '27 Lemsford Road, St Albans AL1 3PB' },
    ],
    pricePaid: { amountPence: 298_000_00, date: '2014-07-25' },
    restrictions: [
      'No disposition by a sole proprietor of the registered estate (except a trust corporation) under which capital money arises is to be registered unless authorised by an order of the court.',
    ],
    charges: [{ date: '2014-07-25', lender: 'Lloyds Bank PLC' }],
    editionDate: '2021-11-09',
  },
  {
    titleNumber: 'HD520447',
    classOfTitle: 'Absolute leasehold',
    tenure: 'leasehold',
    propertyDescription: 'Flat 3, Verulam Court, Holywell Hill, St Albans',
    postcode: 'AL1 1BT',
    proprietors: [{ name: 'PRIYA ANAND', address: 'Flat 3, Verulam Court, Holywell Hill, St Albans AL1 1BT' }],
    pricePaid: { amountPence: 265_000_00, date: '2017-10-02' },
    restrictions: [
      'No disposition of the registered estate by the proprietor of the registered estate is to be registered without a certificate signed by a conveyancer that the provisions of clause 4.12 of the registered lease have been complied with, or signed on behalf of Verulam Court Management Company Limited (Co. Regn. No. 04518762) by its secretary or a director.',
    ],
    charges: [{ date: '2017-10-02', lender: 'Santander UK PLC' }],
    editionDate: '2017-10-19',
  },
  {
    titleNumber: 'HD601932',
    classOfTitle: 'Possessory',
    tenure: 'freehold',
    propertyDescription: 'The Old Forge, High Street, Redbourn',
    postcode: 'AL3 7LW',
    proprietors: [{ name: 'GEORGE HENRY BAKER', address: 'The Old Forge, High Street, Redbourn AL3 7LW' }],
    pricePaid: null,
    restrictions: [],
    charges: [],
    editionDate: '2012-05-30',
  },
  {
    titleNumber: 'HD733205',
    classOfTitle: 'Title absolute',
    tenure: 'freehold',
    propertyDescription: '8 Mill Lane, Harpenden',
    postcode: 'AL5 1AA',
    proprietors: [{ name: 'MARGARET ANNE COLE', address: '8 Mill Lane, Harpenden AL5 1AA' }],
    pricePaid: { amountPence: 575_000_00, date: '2016-02-12' },
    restrictions: [],
    charges: [],
    editionDate: '2016-03-01',
  },
]
