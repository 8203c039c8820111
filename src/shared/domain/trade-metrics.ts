/**
 * The headline figures each trade is judged on in the marketplace. A conveyancer's clients care how
 * long instruction to completion takes; a surveyor's how soon the report arrives; a broker's how soon
 * the mortgage offer is issued; an estate agent's how long a sale agreed takes to complete and how
 * often it falls through. The tier rules themselves (tiers.ts) apply to every trade alike.
 */
import type { OrganizationType } from './organizations'
import { successRatePercent } from './organizations'

/** A survey report delivered within this many days of instruction is on time (RICS surveys: inspection within about a week, report within five working days of it). */
export const SURVEY_REPORT_ON_TIME_DAYS = 10

/** The per-trade figures the engine computes, beside the tier metrics. Null when nothing measures it yet. */
export interface TradeFigures {
  avg_days: number | null
  collapse_rate: number | null
  cases_count: number | null
  /** Surveyors: average days from instruction to the report. */
  report_days?: number | null
  /** Surveyors: share of reports delivered within SURVEY_REPORT_ON_TIME_DAYS, 0..1. */
  reports_on_time_rate?: number | null
  /** Brokers: average days from instruction to the mortgage offer. */
  offer_days?: number | null
  /** Estate agents: average days from sale agreed to completion. */
  sale_to_completion_days?: number | null
}

export interface FigureRow {
  label: string
  value: string
}

const present = (v: number | null | undefined): v is number => v !== null && v !== undefined

/**
 * The three card figures of a trade, each shown only when present:
 * - law: Avg completion (days), Success rate, Completed cases;
 * - survey: Reports on time, Days to report, Completed cases;
 * - broker: Days to mortgage offer, Success rate, Completed cases;
 * - agent: Sale agreed to completion (days), Success rate, Completed sales.
 * Success rate is round((1 - collapse_rate) * 100)%; a zero count or zero days is not shown.
 */
export function tradeFigureRows(type: OrganizationType, m: TradeFigures | undefined | null): FigureRow[] {
  if (!m) return []
  const rows: FigureRow[] = []
  const days = (label: string, v: number | null | undefined) => {
    if (v) rows.push({ label, value: `${Math.round(v)} days` })
  }
  const success = () => {
    if (present(m.collapse_rate)) rows.push({ label: 'Success rate', value: `${successRatePercent(m.collapse_rate)}%` })
  }
  const count = (label: string) => {
    if (m.cases_count) rows.push({ label, value: String(m.cases_count) })
  }
  switch (type) {
    case 'law':
      days('Avg completion', m.avg_days)
      success()
      count('Completed cases')
      break
    case 'survey':
      if (present(m.reports_on_time_rate))
        rows.push({ label: 'Reports on time', value: `${Math.round(m.reports_on_time_rate * 100)}%` })
      days('Days to report', m.report_days)
      count('Completed cases')
      break
    case 'broker':
      days('Days to mortgage offer', m.offer_days)
      success()
      count('Completed cases')
      break
    case 'agent':
      days('Sale agreed to completion', m.sale_to_completion_days)
      success()
      count('Completed sales')
      break
  }
  return rows
}
