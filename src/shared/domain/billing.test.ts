import { describe, expect, it } from 'vitest'
import {
  COMPLETION_FEE_GROSS_PENCE,
  formatPence,
  invoiceTotals,
  periodEndFrom,
  planPrice,
  prorateSeatChange,
  seatPricePence,
  splitGross,
  vatOn,
} from './billing'

describe('billing arithmetic', () => {
  it('prices a seat monthly and annually (two months free)', () => {
    expect(seatPricePence('month')).toBe(4900)
    expect(seatPricePence('year')).toBe(49000)
    expect(planPrice('month', 3)).toEqual({ subtotalPence: 14700, vatPence: 2940, totalPence: 17640 })
    expect(planPrice('year', 2)).toEqual({ subtotalPence: 98000, vatPence: 19600, totalPence: 117600 })
  })

  it('charges VAT at 20% rounded to the penny, credits included', () => {
    expect(vatOn(1000)).toBe(200)
    expect(vatOn(1233)).toBe(247) // 246.6
    expect(vatOn(1232)).toBe(246) // 246.4
    expect(vatOn(-1233)).toBe(-247)
    expect(invoiceTotals([{ amountPence: 4900 }, { amountPence: -1633 }])).toEqual({
      subtotalPence: 3267,
      vatPence: 653,
      totalPence: 3920,
    })
  })

  it('splits the completion fee into net and VAT', () => {
    expect(splitGross(COMPLETION_FEE_GROSS_PENCE)).toEqual({ netPence: 8250, vatPence: 1650, totalPence: 9900 })
    expect(splitGross(1000)).toEqual({ netPence: 833, vatPence: 167, totalPence: 1000 })
  })

  it('prorates a seat change by the time left in the period', () => {
    const periodStart = new Date('2026-11-01T00:00:00Z')
    const periodEnd = new Date('2026-12-01T00:00:00Z') // 30 days
    const half = new Date('2026-11-16T00:00:00Z')
    expect(
      prorateSeatChange({ interval: 'month', fromSeats: 2, toSeats: 3, periodStart, periodEnd, at: half }),
    ).toEqual({
      amountPence: 2450,
      fraction: 0.5,
    })
    expect(
      prorateSeatChange({ interval: 'month', fromSeats: 3, toSeats: 1, periodStart, periodEnd, at: half }).amountPence,
    ).toBe(-4900)
    // A third of the period left: 4900 / 3 = 1633.33 -> 1633.
    const third = new Date('2026-11-21T00:00:00Z')
    expect(
      prorateSeatChange({ interval: 'month', fromSeats: 1, toSeats: 2, periodStart, periodEnd, at: third }).amountPence,
    ).toBe(1633)
    // After the period: nothing.
    expect(
      prorateSeatChange({ interval: 'year', fromSeats: 1, toSeats: 5, periodStart, periodEnd, at: periodEnd })
        .amountPence,
    ).toBe(0)
  })

  it('ends a period one calendar month or one year on', () => {
    expect(periodEndFrom(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(periodEndFrom(new Date('2026-11-27T10:00:00Z'), 'year').toISOString()).toBe('2027-11-27T10:00:00.000Z')
  })

  it('formats pence as pounds', () => {
    expect(formatPence(4900)).toBe('£49.00')
    expect(formatPence(117600)).toBe('£1,176.00')
    expect(formatPence(-1250)).toBe('-£12.50')
  })
})
