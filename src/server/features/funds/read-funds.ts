/**
 * The buyer's funding picture (GET /api/transactions/{txId}/funds) and the funds status of each party
 * (GET .../funds/status, and `fundsStatusesOf` for the People badges and the Overview checklist).
 * The picture opens the sealed bank data, so only the buyer and the firm instructed for them get it
 * (access/funds.ts), and each view is written to the audit trail in the same database transaction.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { BankConsent, FundsGift, type FundsPicture, type FundsStatuses } from '#shared/contracts/funds.ts'
import { formatPence } from '#shared/domain/surveys.ts'
import { calculateLandTax, jointPurchaseAnswers, LAND_TAX_NAMES } from '#shared/domain/land-tax.ts'
import { NATIONS } from '#shared/domain/nations.ts'
import { deriveFundsStatus, flagFor, fundingBalance, type FundsStatus } from '#shared/domain/source-of-funds.ts'
import { readFundsRole } from '#server/access/funds.ts'
import { readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { sideClientIds } from '#server/access/side-clients.ts'
import { rows } from '#server/db/rows.ts'
import type { OpenBankingProvider } from '#server/providers/open-banking/index.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { consentStatusSql, CONSENT_WAIT_MINUTES, openAccount, openExplanation } from './bank-data'
import { identityStateOf } from './giftor'

const CONSENT_MESSAGES: Record<string, (reason: string | null) => string> = {
  refused: (reason) =>
    `${reason ?? 'The bank did not give access'}. Nothing was shared. You can try again, or choose another bank.`,
  expired: (reason) =>
    `${reason ?? 'The consent expired before the bank confirmed it'}. Nothing was shared. Connect the bank again to retry.`,
}

// bigint columns come back as text from node-postgres: float8 keeps every pence amount (< 2^53) exact.
const MoveRow = z.object({
  agreed_price_pence: z.number().nullable(),
  nation: z.enum(NATIONS),
  /** Completion when recorded, else today in London: the day whose rates apply. */
  effective_date: z.string(),
})

const PlanRow = z.object({
  first_time_buyer: z.boolean(),
  additional_property: z.boolean(),
  non_resident: z.boolean(),
  mortgage_stated_pence: z.number().nullable(),
  sale_proceeds_pence: z.number().nullable(),
  fees_pence: z.number(),
  review_decision: z.enum(['satisfied', 'more_info']).nullable(),
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewer_name: z.string().nullable(),
})
type PlanRow = z.output<typeof PlanRow>

/** A consent, `expired` once it waited too long. */
const ConsentRow = z.object({
  id: z.string(),
  bank_name: z.string(),
  status: BankConsent.shape.status,
  failure_reason: z.string().nullable(),
  created_at: z.string(),
})

const AccountRow = z.object({
  id: z.string(),
  bank_name: z.string(),
  selected: z.boolean(),
  data_sealed: z.string(),
  last4: z.string(),
})

const ExplanationRow = z.object({
  account_id: z.string(),
  provider_transaction_id: z.string(),
  explanation_sealed: z.string(),
})

/** A gift as the picture shows it, with what its progress is derived from. */
const GiftRow = FundsGift.omit({ progress: true, invitation_expires_at: true }).extend({
  id: z.string(),
  declaration_document_id: z.string().nullable(),
  giftor_profile_id: z.string().nullable(),
  invitation_expires_at: z.string().nullable(),
  identity_check_id: z.string().nullable(),
})

/** A joint buyer's own land tax answers (decision 070); no row yet reads as no to each. */
const CoBuyerRow = z.object({
  profile_id: z.string(),
  full_name: z.string(),
  first_time_buyer: z.boolean(),
  additional_property: z.boolean(),
  non_resident: z.boolean(),
})

/** The latest DIP and its case's stage. */
const DipRow = z.object({ amount_pence: z.number(), lender: z.string(), stage: z.string() })

/**
 * Builds the picture from the database (bank data opened here); no access check, no audit: callers
 * do both. `provider` gives the banks to choose from and its label (null: none, for the statuses).
 */
export async function buildFundsPicture(
  tx: Tx,
  txId: string,
  viewerRole: 'buyer' | 'buyer_conveyancer',
  provider: OpenBankingProvider | null,
  /** The viewer: a joint buyer sees their own land tax answers in `plan` (decision 070). */
  viewerProfileId: string | null = null,
): Promise<FundsPicture> {
  const q = async <S extends z.ZodType>(schema: S, query: ReturnType<typeof sql>) =>
    rows(schema, await tx.execute(query))
  const [move] = await q(
    MoveRow,
    sql`select t.agreed_price_pence::float8 as agreed_price_pence, coalesce(p.nation, 'england') as nation,
               coalesce(t.completion_date, (now() at time zone 'Europe/London')::date)::text as effective_date
          from transactions t left join properties p on p.transaction_id = t.id
         where t.id = ${txId}`,
  )
  const [planRow] = await q(
    PlanRow,
    sql`
    select p.first_time_buyer, p.additional_property, p.non_resident,
      p.mortgage_stated_pence::float8 as mortgage_stated_pence, p.sale_proceeds_pence::float8 as sale_proceeds_pence,
      p.fees_pence::float8 as fees_pence, p.review_decision, p.review_note, p.reviewed_at::text as reviewed_at, r.full_name as reviewer_name
    from funding_plans p left join profiles r on r.id = p.reviewed_by where p.transaction_id = ${txId}`,
  )
  const plan: PlanRow = planRow ?? {
    first_time_buyer: false,
    additional_property: false,
    non_resident: false,
    mortgage_stated_pence: null,
    sale_proceeds_pence: null,
    fees_pence: 0,
    review_decision: null,
    review_note: null,
    reviewed_at: null,
    reviewer_name: null,
  }
  // The lead buyer's answers are the plan's; each joint buyer's their own row (decision 070).
  const lead = await q(
    z.object({ full_name: z.string().nullable(), id: z.string().nullable() }),
    sql`select p.full_name, t.buyer_user_id as id from transactions t left join profiles p on p.id = t.buyer_user_id where t.id = ${txId}`,
  )
  const coBuyers = await q(
    CoBuyerRow,
    sql`select tp.user_id as profile_id, p.full_name, coalesce(a.first_time_buyer, false) as first_time_buyer,
          coalesce(a.additional_property, false) as additional_property, coalesce(a.non_resident, false) as non_resident
        from transaction_participants tp join transactions t on t.id = tp.transaction_id
        join profiles p on p.id = tp.user_id
        left join purchaser_tax_answers a on a.transaction_id = tp.transaction_id and a.profile_id = tp.user_id
        where tp.transaction_id = ${txId} and tp.role = 'buyer' and tp.user_id is distinct from t.buyer_user_id
        order by tp.created_at, tp.id`,
  )
  const leadAnswers = {
    firstTimeBuyer: plan.first_time_buyer,
    additionalProperty: plan.additional_property,
    nonResident: plan.non_resident,
  }
  const joint = jointPurchaseAnswers([
    leadAnswers,
    ...coBuyers.map((b) => ({
      firstTimeBuyer: b.first_time_buyer,
      additionalProperty: b.additional_property,
      nonResident: b.non_resident,
    })),
  ])
  const mine = coBuyers.find((b) => b.profile_id === viewerProfileId)
  const consents = await q(
    ConsentRow,
    sql`
    select id, bank_name, created_at::text as created_at,
      ${consentStatusSql('bank_consents')} as status,
      case when status = 'awaiting_authorisation' and created_at < now() - make_interval(mins => ${CONSENT_WAIT_MINUTES})
        then 'The bank did not confirm within 30 minutes' else failure_reason end as failure_reason
    from bank_consents
    where transaction_id = ${txId} and gift_id is null order by created_at desc, id`,
  )
  const accountRows = await q(
    AccountRow,
    sql`
    select a.id, c.bank_name, a.selected, a.data_sealed, a.last4 from bank_accounts a join bank_consents c on c.id = a.consent_id
    where a.transaction_id = ${txId} and c.gift_id is null order by a.created_at, a.provider_account_id`,
  )
  const explanationRows = await q(
    ExplanationRow,
    sql`
    select account_id, provider_transaction_id, explanation_sealed from funding_explanations where transaction_id = ${txId}`,
  )
  const explanations = new Map(
    explanationRows.map((e) => [
      `${e.account_id}:${e.provider_transaction_id}`,
      openExplanation(e.account_id, e.provider_transaction_id, e.explanation_sealed),
    ]),
  )
  // The giftor's progress (decision 037): evidenced once their identity was verified and the
  // declaration signed (signing requires the verified identity and records it).
  const giftRows = await q(
    GiftRow,
    sql`
    select g.id, g.giftor_name, g.giftor_email, g.relationship, g.amount_pence::float8 as amount_pence,
      case when exists(select 1 from signature_requests s where s.id = g.signature_request_id and s.status = 'completed')
        then 'signed' else 'not_signed' end as declaration,
      case when g.giftor_profile_id is null then 'not_started' else ${identityStateOf(sql`g.giftor_profile_id`)} end as identity,
      case when exists(select 1 from signature_requests s where s.id = g.signature_request_id and s.status = 'completed')
        then g.document_id end as declaration_document_id,
      g.source_of_money, g.giftor_profile_id, g.identity_check_id,
      (select i.expires_at::text from invitations i where i.gift_id = g.id and i.status = 'pending') as invitation_expires_at
    from funding_gifts g where g.transaction_id = ${txId} order by g.created_at`,
  )
  const now = Date.now()
  const gifts: FundsPicture['gifts'] = giftRows.map(({ giftor_profile_id, identity_check_id, ...g }) => ({
    ...g,
    amount_pence: Number(g.amount_pence),
    progress:
      g.declaration === 'signed' && identity_check_id
        ? 'evidenced'
        : giftor_profile_id
          ? g.identity === 'verified'
            ? 'identity_verified'
            : 'accepted'
          : g.invitation_expires_at && new Date(g.invitation_expires_at).getTime() > now
            ? 'invited'
            : 'invitation_expired',
    invitation_expires_at: g.invitation_expires_at ? new Date(g.invitation_expires_at).toISOString() : null,
  }))
  const [dip] = await q(
    DipRow,
    sql`
    select d.amount_pence::float8 as amount_pence, d.lender, c.stage from mortgage_dips d join mortgage_cases c on c.id = d.case_id
    where d.transaction_id = ${txId} order by d.issued_on desc, d.created_at desc limit 1`,
  )

  const accounts: FundsPicture['accounts'] = []
  const flags: FundsPicture['flags'] = []
  let savings = 0
  for (const row of accountRows) {
    const data = openAccount(row.id, row.data_sealed)
    accounts.push({
      id: row.id,
      bank_name: row.bank_name,
      name: data.name,
      sort_code: data.sortCode,
      account_number_masked: `•••• ${row.last4}`,
      selected: row.selected,
      balance_pence: data.balancePence,
      transaction_count: data.transactions.length,
    })
    if (!row.selected) continue
    savings += Math.max(0, data.balancePence)
    for (const t of data.transactions) {
      const kind = flagFor(t)
      if (!kind) continue
      flags.push({
        account_id: row.id,
        account_name: data.name,
        transaction_id: t.id,
        booked_on: t.bookedOn,
        description: t.description,
        amount_pence: t.amountPence,
        kind,
        explanation: explanations.get(`${row.id}:${t.id}`) ?? null,
      })
    }
  }
  flags.sort((a, b) => (a.booked_on < b.booked_on ? 1 : a.booked_on > b.booked_on ? -1 : 0))

  const mortgage: FundsPicture['mortgage'] = dip
    ? { amount_pence: dip.amount_pence, source: dip.stage === 'offer_issued' ? 'offer' : 'dip', lender: dip.lender }
    : plan.mortgage_stated_pence !== null
      ? { amount_pence: plan.mortgage_stated_pence, source: 'stated', lender: null }
      : { amount_pence: 0, source: 'none', lender: null }
  const price = move?.agreed_price_pence ?? null
  const sdltResult =
    price === null
      ? null
      : calculateLandTax({
          nation: move!.nation,
          effectiveDate: move!.effective_date,
          pricePence: price,
          firstTimeBuyer: joint.firstTimeBuyer,
          additionalProperty: joint.additionalProperty,
          nonResident: joint.nonResident,
        })
  const giftsTotal = gifts.reduce((s, g) => s + g.amount_pence, 0)
  const sources = {
    savingsPence: savings,
    mortgagePence: mortgage.amount_pence,
    giftsPence: giftsTotal,
    saleProceedsPence: plan.sale_proceeds_pence ?? 0,
  }
  const needs = { pricePence: price ?? 0, sdltPence: sdltResult?.totalPence ?? 0, feesPence: plan.fees_pence }
  const balance = fundingBalance(sources, needs)

  const issues: FundsPicture['issues'] = []
  if (price === null)
    issues.push({
      kind: 'no_price',
      message: 'The agreed price is not on the move yet, so SDLT and the total cannot be worked out.',
    })
  if (accounts.length === 0)
    issues.push({ kind: 'no_bank', message: 'No bank is connected: connect the accounts your deposit comes from.' })
  if (price !== null && balance.shortfallPence > 0)
    issues.push({
      kind: 'shortfall',
      message: `The funds fall short by ${formatPence(balance.shortfallPence)}: say where the rest comes from.`,
    })
  const open = flags.filter((f) => f.explanation === null)
  const large = open.filter((f) => f.kind === 'large_credit').length
  const cash = open.filter((f) => f.kind === 'cash_deposit').length
  if (large)
    issues.push({
      kind: 'large_credit',
      message: `${large} large ${large === 1 ? 'credit has' : 'credits have'} no source yet: explain where the money came from.`,
    })
  if (cash)
    issues.push({
      kind: 'cash_deposit',
      message: `${cash} cash ${cash === 1 ? 'deposit needs' : 'deposits need'} explaining.`,
    })
  const unsigned = gifts.filter((g) => g.progress !== 'evidenced').length
  if (unsigned)
    issues.push({
      kind: 'gift_unsigned',
      message: `${unsigned} ${unsigned === 1 ? 'gift has' : 'gifts have'} no signed gifted-deposit declaration yet: the giftor verifies their identity and signs it from the emailed invitation.`,
    })

  const status = deriveFundsStatus({
    review: plan.review_decision,
    connectedAccounts: accounts.length,
    lastConsentStatus: consents[0]?.status ?? null,
    anythingStated: planRow !== undefined || gifts.length > 0,
    openFlags: open.length,
    shortfallPence: price === null ? 1 : balance.shortfallPence,
  })
  return {
    transaction_id: txId,
    viewer_role: viewerRole,
    provider_label: provider?.label ?? '',
    status,
    banks: provider ? await provider.banks() : [],
    consents: consents.map((c) => ({
      id: c.id,
      bank_name: c.bank_name,
      status: c.status,
      message: CONSENT_MESSAGES[c.status]?.(c.failure_reason) ?? null,
      created_at: new Date(c.created_at).toISOString(),
    })),
    accounts,
    flags,
    plan: {
      first_time_buyer: mine ? mine.first_time_buyer : plan.first_time_buyer,
      additional_property: mine ? mine.additional_property : plan.additional_property,
      non_resident: mine ? mine.non_resident : plan.non_resident,
      mortgage_stated_pence: plan.mortgage_stated_pence === null ? null : Number(plan.mortgage_stated_pence),
      sale_proceeds_pence: plan.sale_proceeds_pence === null ? null : Number(plan.sale_proceeds_pence),
      fees_pence: Number(plan.fees_pence),
    },
    purchasers: [
      ...(lead[0]?.id
        ? [
            {
              profile_id: lead[0].id,
              full_name: lead[0].full_name ?? 'The buyer',
              lead: true,
              you: lead[0].id === viewerProfileId,
              first_time_buyer: plan.first_time_buyer,
              additional_property: plan.additional_property,
              non_resident: plan.non_resident,
            },
          ]
        : []),
      ...coBuyers.map((b) => ({ ...b, lead: false, you: b.profile_id === viewerProfileId })),
    ],
    mortgage,
    gifts,
    price_pence: price === null ? null : Number(price),
    sdlt: sdltResult && {
      tax: sdltResult.tax,
      tax_name: LAND_TAX_NAMES[sdltResult.tax].name,
      rates_from: sdltResult.ratesFrom,
      total_pence: sdltResult.totalPence,
      bands: sdltResult.bands.map((b) => ({
        from_pence: b.fromPence,
        to_pence: b.toPence,
        rate_percent: b.ratePercent,
        taxable_pence: b.taxablePence,
        tax_pence: b.taxPence,
      })),
      first_time_buyer_relief: sdltResult.firstTimeBuyerRelief,
      relief_refused: sdltResult.reliefRefused ?? (sdltResult.tax === 'sdlt' ? joint.reliefRefused : null),
      additional_property_surcharge: sdltResult.additionalPropertySurcharge,
      non_resident_surcharge: sdltResult.nonResidentSurcharge,
      source_url: sdltResult.sourceUrl,
    },
    totals: {
      savings_pence: sources.savingsPence,
      mortgage_pence: sources.mortgagePence,
      gifts_pence: sources.giftsPence,
      sale_proceeds_pence: Number(sources.saleProceedsPence),
      available_pence: balance.availablePence,
      price_pence: Number(needs.pricePence),
      sdlt_pence: needs.sdltPence,
      fees_pence: Number(needs.feesPence),
      needed_pence: balance.neededPence,
      shortfall_pence: balance.shortfallPence,
    },
    issues,
    review:
      plan.review_decision && plan.reviewed_at
        ? {
            decision: plan.review_decision,
            note: plan.review_note,
            reviewer_name: plan.reviewer_name,
            reviewed_at: new Date(plan.reviewed_at).toISOString(),
          }
        : null,
  }
}

/** GET .../funds: the picture for the buyer or their conveyancer (404 for anyone else); each visit is audited (one entry per 10 minutes). */
export async function getFundsPicture(opts: {
  database: Database
  viewer: Viewer
  txId: string
  provider: OpenBankingProvider
}): Promise<FundsPicture> {
  return opts.database.db.transaction(async (tx) => {
    const role = await readFundsRole(tx, opts.viewer, opts.txId)
    const picture = await buildFundsPicture(tx, opts.txId, role, opts.provider, opts.viewer.profileId)
    // One audit entry per visit: the page polls every 2 s while a bank consent is pending, and each poll
    // is not a new view. A visit is the viewer's views within 10 minutes of their last entry.
    const recent = await tx.execute(sql`
      select 1 from activity_events
       where transaction_id = ${opts.txId} and actor_id = ${opts.viewer.profileId} and kind = 'funds.viewed'
         and created_at > now() - interval '10 minutes'
       limit 1`)
    if (!recent.rows.length) {
      await recordActivity(tx, {
        transactionId: opts.txId,
        actorId: opts.viewer.profileId,
        kind: 'funds.viewed',
        summary: "viewed the buyer's source of funds",
      })
    }
    return picture
  })
}

/**
 * The funds status of each party on the move, by profile id: every buyer (the transaction's buyer
 * and participants in role 'buyer') shares the move's one funding picture; other parties have no
 * funds to show. For the People badges and the Overview checklist. Opens bank data to count the
 * open flags, but returns only the statuses, so anyone on the move may read it.
 */
export async function fundsStatusesOf(tx: Tx, txId: string): Promise<FundsStatuses> {
  const buyers = await buyerIdsOf(tx, txId)
  if (!buyers.length) return { parties: [] }
  const status: FundsStatus = (await buildFundsPicture(tx, txId, 'buyer', null)).status
  return { parties: buyers.map((id) => ({ profile_id: id, role: 'buyer', status })) }
}

/**
 * The move's funding shortfall in pence, as the Funds page shows it (fundingBalance over the buyer's
 * stated sources, bank balances, gifts and the latest DIP), or null while the picture has not started
 * (nothing stated, no bank, no gift) or the price is not known: for the buyer's CDD risk (decision 068).
 */
export async function fundingShortfallOf(tx: Tx, txId: string): Promise<number | null> {
  const picture = await buildFundsPicture(tx, txId, 'buyer', null)
  if (picture.status === 'not_started' || picture.price_pence === null) return null
  return picture.totals.shortfall_pence
}

/** The move's buyers, who share its one funding picture: the transaction's buyer and participants in role 'buyer'. */
export async function buyerIdsOf(tx: Tx, txId: string): Promise<string[]> {
  return sideClientIds(tx, txId, ['buyer'])
}

/**
 * GET .../funds/status: the buyer sees their own status and the buyer's conveyancer every buyer's;
 * anyone else on the move (the seller's side, agents, brokers) gets an empty list, since even a
 * status says something about the buyer's money (as the People badges: features/verification);
 * 404 for someone who cannot see the move.
 */
export async function getFundsStatuses(opts: {
  database: Database
  viewer: Viewer
  txId: string
}): Promise<FundsStatuses> {
  return opts.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, opts.viewer, opts.txId)
    const all = await fundsStatusesOf(tx, opts.txId)
    if (role === 'buyer_conveyancer') return all
    return { parties: all.parties.filter((p) => p.profile_id === opts.viewer.profileId) }
  })
}
