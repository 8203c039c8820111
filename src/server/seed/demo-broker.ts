/**
 * The demo mortgage broker at work: Marcus Reid is the mortgage broker on the demo move (invited by
 * Amelia, the demo buyer) and on DEMO_BROKER_EXTRA_MOVES more buyers' moves, with fact finds,
 * decisions in principle and applications at different stages: one DIP expires within days (so the
 * pipeline flags it and the expiry reminder goes), one application has its offer. The demo move's DIP
 * is its DIP document and completes (links to) its timeline DIP task. Buyers of the other moves have
 * not joined yet: their names are on the broker's case. Only times follow `now`.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { oneRow } from '#server/db/rows.ts'
import type { ApplicationStage, EmploymentStatus } from '#shared/domain/mortgages.ts'
import { londonDay } from '#shared/domain/mortgages.ts'
import { standardTimeline, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import type { Tx } from '../db/client'
import { transactionParticipants } from '../db/schema'
import { insertTransaction, stagesInProgress } from '#server/core/timeline/insert-transaction.ts'
import { createPrng } from './prng'
import { DEMO_FUNDING } from './demo-funds'
import { FactFindInput } from '#shared/contracts/mortgages.ts'

/** Moves Marcus works besides the demo move. */
export const DEMO_BROKER_EXTRA_MOVES = 5

/**
 * Marcus's clients before any offer (no move yet): a lead whose fact find has just begun, a joint
 * couple whose fact find is in progress against a target price, and a past client whose fixed rate
 * ends within the product-transfer window (PRODUCT_TRANSFER_REMINDER_DAYS), so the reminder job tells
 * him to review a product transfer.
 */
export const DEMO_BROKER_CLIENTS = [
  {
    name: 'Sophie Lloyd',
    email: 'sophie.lloyd@example.com',
    status: 'lead',
    factFind: {
      applicants: [{ name: 'Sophie Lloyd', incomes: [{ type: 'employed', annual_pence: 46_000_00 }] }],
      first_time_buyer: true,
      deposit_pence: 30_000_00,
      target_price_pence: 300_000_00,
    },
  },
  {
    name: 'Rhys and Isla Morgan',
    email: 'rhys.morgan@example.com',
    status: 'client',
    factFind: {
      applicants: [
        {
          name: 'Rhys Morgan',
          date_of_birth: '1989-04-12',
          addresses: [{ address: '18 Grove Road, St Albans', postcode: 'AL1 1DF', from: '2021-06', to: '' }],
          employments: [
            {
              employer: 'Hertfordshire County Council',
              status: 'employed',
              occupation: 'Planner',
              from: '2017-09',
              to: '',
            },
          ],
          incomes: [{ type: 'employed', annual_pence: 52_000_00 }],
        },
        {
          name: 'Isla Morgan',
          date_of_birth: '1990-11-02',
          addresses: [{ address: '18 Grove Road, St Albans', postcode: 'AL1 1DF', from: '2021-06', to: '' }],
          employments: [
            { employer: 'Morgan Design Ltd', status: 'self_employed', occupation: 'Designer', from: '2019-01', to: '' },
          ],
          incomes: [{ type: 'self_employed', annual_pence: 38_000_00 }],
        },
      ],
      commitments: [{ description: 'Car finance', monthly_pence: 280_00, balance_pence: 9_400_00 }],
      dependants: [{ age: 3 }],
      objectives: 'Move to a three-bedroom house near a primary school; a five-year fix for certainty.',
      deposit_pence: 70_000_00,
      fees_pence: 6_500_00,
      target_price_pence: 450_000_00,
    },
  },
  {
    name: 'Eleanor Turner',
    email: 'eleanor.turner@example.com',
    status: 'client',
    factFind: {
      applicants: [{ name: 'Eleanor Turner', incomes: [{ type: 'employed', annual_pence: 61_000_00 }] }],
      deposit_pence: 0,
    },
    /** Her two-year fix, recommended two years ago, ends in this many days. */
    dealEndsInDays: 96,
  },
] as const

const DAY_MS = 86_400_000

interface DemoCase {
  buyerName: string
  address: string[]
  postcode: string
  pricePence: number
  stage: ApplicationStage
  incomePence: number
  commitmentsPence: number
  depositPence: number
  employment: EmploymentStatus
  /** Lender and days from today to expiry (issued 90 days before), or null for none yet. */
  dip: { lender: string; reference: string; expiresInDays: number; amountPence: number } | null
  offerExpiresInDays?: number
}

const EXTRA: DemoCase[] = [
  {
    buyerName: 'Oliver Bennett',
    address: ['27 Orchard Close', 'Harpenden'],
    postcode: 'AL5 2RT',
    pricePence: 415_000_00,
    stage: 'fact_find',
    incomePence: 58_000_00,
    commitmentsPence: 420_00,
    depositPence: 60_000_00,
    employment: 'employed',
    dip: null,
  },
  {
    buyerName: 'Amara Osei',
    address: ['4 Beech Drive', 'St Albans'],
    postcode: 'AL1 4NG',
    pricePence: 365_000_00,
    stage: 'decision_in_principle',
    incomePence: 72_000_00,
    commitmentsPence: 250_00,
    depositPence: 40_000_00,
    employment: 'self_employed',
    dip: { lender: 'Halifax', reference: 'HX-DIP-77120', expiresInDays: 6, amountPence: 325_000_00 },
  },
  {
    buyerName: 'Harriet Hughes',
    address: ['112 Station Road', 'Luton'],
    postcode: 'LU2 7DF',
    pricePence: 289_000_00,
    stage: 'valuation',
    incomePence: 51_000_00,
    commitmentsPence: 180_00,
    depositPence: 35_000_00,
    employment: 'employed',
    dip: { lender: 'Barclays', reference: 'BRC-552018', expiresInDays: 41, amountPence: 254_000_00 },
  },
  {
    buyerName: 'Kwame Nwosu',
    address: ['9 The Avenue', 'Watford'],
    postcode: 'WD17 4HN',
    pricePence: 540_000_00,
    stage: 'underwriting',
    incomePence: 118_000_00,
    commitmentsPence: 600_00,
    depositPence: 110_000_00,
    employment: 'contractor',
    dip: { lender: 'Santander', reference: 'SAN-DIP-31904', expiresInDays: 67, amountPence: 430_000_00 },
  },
  {
    buyerName: 'Freya Fraser',
    address: ['61 Manor Road', 'Hitchin'],
    postcode: 'SG5 1PQ',
    pricePence: 335_000_00,
    stage: 'offer_issued',
    incomePence: 64_000_00,
    commitmentsPence: 0,
    depositPence: 50_000_00,
    employment: 'employed',
    dip: { lender: 'NatWest', reference: 'NW-88213', expiresInDays: 30, amountPence: 285_000_00 },
    offerExpiresInDays: 150,
  },
]

const dayOffset = (now: Date, days: number) => londonDay(new Date(now.getTime() + days * DAY_MS))

async function insertCase(
  tx: Tx,
  c: Omit<DemoCase, 'address' | 'postcode' | 'pricePence'> & { txId: string; brokerId: string; withName: boolean },
  links: { dipTaskId: string | null; dipDocumentId: string | null },
  now: Date,
  r: ReturnType<typeof createPrng>,
) {
  const caseId = r.uuid()
  await tx.execute(sql`insert into mortgage_cases (id, transaction_id, broker_profile_id, buyer_name, stage,
      gross_annual_income_pence, monthly_commitments_pence, deposit_pence, employment_status, fact_find_updated_at,
      offer_expires_on, created_at, updated_at)
    values (${caseId}, ${c.txId}, ${c.brokerId}, ${c.withName ? c.buyerName : null}, ${c.stage}, ${c.incomePence},
      ${c.commitmentsPence}, ${c.depositPence}, ${c.employment}, ${new Date(now.getTime() - 30 * DAY_MS).toISOString()},
      ${c.offerExpiresInDays === undefined ? null : dayOffset(now, c.offerExpiresInDays)}::date,
      ${new Date(now.getTime() - 34 * DAY_MS).toISOString()}, ${new Date(now.getTime() - 2 * DAY_MS).toISOString()})`)
  if (c.dip) {
    await tx.execute(sql`insert into mortgage_dips (id, case_id, transaction_id, lender, amount_pence, term_months,
        reference, issued_on, expires_on, document_id, task_id, created_by, created_at)
      values (${r.uuid()}, ${caseId}, ${c.txId}, ${c.dip.lender}, ${c.dip.amountPence}, 300, ${c.dip.reference},
        ${dayOffset(now, c.dip.expiresInDays - 90)}::date, ${dayOffset(now, c.dip.expiresInDays)}::date,
        ${links.dipDocumentId}, ${links.dipTaskId}, ${c.brokerId},
        ${new Date(now.getTime() - (90 - c.dip.expiresInDays) * DAY_MS).toISOString()})`)
  }
}

/**
 * Inserts Marcus's participation on the demo move and his cases, plus the extra moves, with `tx`
 * (inside one database transaction). `marcus` and `amelia` are profile ids.
 */
export async function insertDemoBroker(
  tx: Tx,
  people: { marcus: string; amelia: string; demoTransactionId: string },
  now: Date,
): Promise<void> {
  const r = createPrng('homeward-demo-broker-v1')
  const { marcus, amelia, demoTransactionId } = people
  await tx.insert(transactionParticipants).values({
    id: r.uuid(),
    transactionId: demoTransactionId,
    userId: marcus,
    role: 'mortgage_broker',
    invitedBy: amelia,
    createdAt: new Date(now.getTime() - 35 * DAY_MS),
  })
  const found = await tx.execute(sql`
    select (select k.id from tasks k join timeline_stages s on s.id = k.stage_id
             where s.transaction_id = ${demoTransactionId} and k.title = ${TASK_TITLES.decisionInPrinciple} limit 1) as task_id,
           (select d.id from documents d where d.transaction_id = ${demoTransactionId}
             and d.filename = 'decision-in-principle-amelia-clarke.pdf' order by d.version desc limit 1) as document_id`)
  const links = oneRow(z.object({ task_id: z.string().nullable(), document_id: z.string().nullable() }), found)
  await insertCase(
    tx,
    {
      txId: demoTransactionId,
      brokerId: marcus,
      withName: false,
      buyerName: 'Amelia Clarke',
      stage: 'application_submitted',
      // One story with the funds page (demo-funds.ts): 80% of £525,000 on £105,000 a year.
      incomePence: DEMO_FUNDING.incomePence,
      commitmentsPence: 350_00,
      depositPence: DEMO_FUNDING.ownFundsPence,
      employment: 'employed',
      dip: {
        lender: 'Nationwide',
        reference: 'NBS-DIP-48213',
        expiresInDays: 54,
        amountPence: DEMO_FUNDING.mortgagePence,
      },
    },
    { dipTaskId: links.task_id, dipDocumentId: links.document_id },
    now,
    r,
  )

  const template = standardTimeline({ tenure: 'freehold' })
  for (const c of EXTRA) {
    const txId = r.uuid()
    const createdAt = new Date(now.getTime() - r.int(20, 60) * DAY_MS)
    // The DIP task (first stage) is done once there is a DIP; later stages follow the application.
    const inserted = await insertTransaction(
      tx,
      {
        id: txId,
        status: 'active',
        buyerProfileId: null,
        sellerProfileId: null,
        createdBy: marcus,
        agreedPricePence: c.pricePence,
        createdAt,
        property: { addressLines: c.address, postcode: c.postcode, tenure: 'freehold' },
        stages: stagesInProgress(template, { completedStages: 0, currentTasksDone: c.dip ? 1 : 0 }),
        participants: [{ profileId: marcus, role: 'mortgage_broker', invitedBy: marcus, createdAt }],
      },
      () => r.uuid(),
    )
    await insertCase(
      tx,
      { ...c, txId, brokerId: marcus, withName: true },
      { dipTaskId: c.dip ? (inserted.taskIds[0]?.[0] ?? null) : null, dipDocumentId: null },
      now,
      r,
    )
  }

  // Clients before any offer (DEMO_BROKER_CLIENTS): their fact finds as the fact find form saves them.
  for (const [i, c] of DEMO_BROKER_CLIENTS.entries()) {
    const caseId = r.uuid()
    const factFind = FactFindInput.parse(c.factFind)
    const updated = new Date(now.getTime() - (i + 1) * DAY_MS)
    await tx.execute(sql`insert into mortgage_cases (id, transaction_id, broker_profile_id, buyer_name, client_email,
        client_status, stage, fact_find, fact_find_updated_at, created_at, updated_at)
      values (${caseId}, null, ${marcus}, ${c.name}, ${c.email}, ${c.status},
        ${'dealEndsInDays' in c ? 'offer_issued' : 'fact_find'}, ${JSON.stringify(factFind)}::jsonb,
        ${updated.toISOString()}, ${new Date(now.getTime() - ('dealEndsInDays' in c ? 740 : 10 + i * 20) * DAY_MS).toISOString()},
        ${updated.toISOString()})`)
    if ('dealEndsInDays' in c)
      await tx.execute(sql`insert into mortgage_recommendations (case_id, lender, product, rate_percent, term_months,
          fees_pence, reasons, deal_ends_on, created_by, created_at)
        values (${caseId}, 'Nationwide', '2-year fixed 75% LTV', 4.290, 300, 99900,
          ${'Lowest total cost over the fixed period for her loan; she wanted certainty of payments for two years.'},
          ${dayOffset(now, c.dealEndsInDays)}::date, ${marcus},
          ${new Date(now.getTime() - (730 - c.dealEndsInDays) * DAY_MS).toISOString()})`)
  }
}
