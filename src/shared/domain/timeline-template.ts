/**
 * The standard timeline of a residential sale in England and Wales, offer accepted to
 * post-completion: the stages and tasks a new transaction starts with. Stage order, form names and
 * rules follow the eleven standard milestones of a sale in England and Wales, grouped into nine
 * stages (signing sits with exchange, pre-completion with completion) so that the timeline stays
 * readable on a phone.
 */
import type { Nation } from './nations'
import type { Tenure } from './statuses'

/**
 * Who ticks a task: one side's consumer (the buyer or the seller themselves) or the professional in
 * that participant role (src/shared/domain/roles.ts PARTICIPANT_ROLES). Stored in tasks.owner_side.
 */
export const OWNER_SIDES = [
  'buyer_side',
  'seller_side',
  'buyer_conveyancer',
  'seller_conveyancer',
  'mortgage_broker',
  'surveyor',
  'estate_agent',
] as const
export type OwnerSide = (typeof OWNER_SIDES)[number]

/** Stable keys of the standard stages, in timeline order; stage names are for display and may change. */
export const STAGE_KEYS = [
  'offer_accepted',
  'instruction',
  'property_information',
  'searches',
  'mortgage_and_survey',
  'enquiries',
  'exchange',
  'completion',
  'post_completion',
] as const
export type StageKey = (typeof STAGE_KEYS)[number]

/** England (SDLT, HMRC) or Wales (Land Transaction Tax, Welsh Revenue Authority): nations.ts. */
export type { Nation }

export interface TimelineTaskTemplate {
  title: string
  ownerSide: OwnerSide
}

export interface TimelineStageTemplate {
  key: StageKey
  stageName: string
  tasks: TimelineTaskTemplate[]
}

export interface StandardTimelineOptions {
  tenure: Tenure
  /** Decides the land tax task after completion. Default 'england'. */
  nation?: Nation
}

/** The stage that ends with exchange of contracts; every task up to it is due before exchange. */
export const EXCHANGE_STAGE_NAME = 'Exchange of contracts'
/** The task that records the exchange itself (so it is not 'still open' when exchange is recorded). */
export const EXCHANGE_TASK_TITLE = 'Contracts exchanged (Law Society Formula B)'

/** Tasks that other features recognise by title: SLA clocks start and stop on them, enquiries tick them. */
export const TASK_TITLES = {
  sellerInstructed: "Seller's conveyancer instructed and client care letter signed",
  contractPackSent: "Draft contract pack sent to the buyer's conveyancer",
  localSearchOrdered: 'Local authority search (LLC1 + CON29) ordered',
  searchesBack: 'Search results received and reviewed',
  mortgageOffer: "Mortgage offer issued and sent to the buyer's conveyancer",
  /** Linked to the broker's 'application_submitted' stage (src/shared/domain/mortgages.ts STAGE_TASK_TITLES). */
  mortgageApplication: 'Mortgage application submitted to the lender',
  /** Linked to the broker's 'valuation' stage. */
  lenderValuation: "Lender's valuation carried out",
  enquiriesRaised: "Pre-contract enquiries raised with the seller's conveyancer",
  repliesSent: 'Replies to pre-contract enquiries sent',
  enquiriesSatisfied: 'Enquiries satisfied',
  reportOnTitle: 'Report on title sent to the buyer',
  /** Ticked when an estate agent creates the sale at SSTC (src/server/features/portfolio/create-sale.ts). */
  soldSubjectToContract: 'Offer accepted and property marked sold subject to contract (SSTC)',
  /** Ticked only when the memorandum went to both conveyancers (src/shared/domain/agent-sales.ts memorandumTicksTask). */
  memorandumOfSale: 'Memorandum of sale sent to both sides and their conveyancers',
  /** Completed by recording a DIP (src/server/features/mortgages/record-dip.ts). */
  decisionInPrinciple: 'Mortgage decision in principle (DIP) and proof of deposit given to the agent',
  /** Completed when the buyer's conveyancer marks the source of funds satisfied (src/server/features/funds/review-funds.ts); never by hand. */
  sourceOfFunds: 'Source of funds and source of wealth evidence provided',
  /** Completed when the seller signs the TA6 in Homeward (src/server/features/property-forms/sign-property-form.ts) or a PDTF import brings it signed; never by hand. */
  ta6Form: 'TA6 Property Information Form completed',
  /** Completed when the seller signs the TA10 in Homeward; never by hand. */
  ta10Form: 'TA10 Fittings and Contents Form completed',
  /** Completed when a title check obtains the register (src/server/features/title-checks/run-title-check.ts). */
  officialCopies: 'Official copies of the register and title plan obtained from HM Land Registry',
  /** Completed when the client-money partner holds the whole deposit (src/server/features/deposits/funds-received.ts). */
  depositTransferred: "Deposit transferred to the buyer's conveyancer's client account",
  /** Completed when the chain agrees its dates (src/server/features/chains). */
  chainDatesAgreed: 'Completion date agreed along the chain',
  /** Completed when completion is recorded (the status hooks, src/server/timeline-hooks.ts). */
  completionConfirmed: 'Completion confirmed and keys released',
} as const

/**
 * The timeline task each property form completes: ticked when the seller signs it in Homeward
 * (features/property-forms/sign-property-form.ts) or when an imported PDTF pack carries it signed
 * (features/pdtf/import-pdtf.ts), both through core tickTask.
 */
export const PROPERTY_FORM_TASK_TITLES = { ta6: TASK_TITLES.ta6Form, ta10: TASK_TITLES.ta10Form } as const

/** The stage that holds the enquiry tasks; a task made for the seller from an enquiry goes there. */
export const ENQUIRIES_STAGE_NAME = 'Enquiries & report on title'

const task = (ownerSide: OwnerSide, title: string): TimelineTaskTemplate => ({ title, ownerSide })

/**
 * The standard stages with their tasks, in timeline order (sort_index = array index), as fresh
 * objects each call. Leasehold adds the TA7 form and the landlord's management pack (LPE1): asked
 * for with the property information, reviewed with the enquiries; and notice of assignment after
 * completion. Post-completion tax is SDLT (SDLT1, 14 days) in England and Land Transaction Tax
 * (30 days) in Wales.
 */
export function standardTimeline({ tenure, nation = 'england' }: StandardTimelineOptions): TimelineStageTemplate[] {
  const leasehold = tenure === 'leasehold'
  const only = (when: boolean, ...tasks: TimelineTaskTemplate[]) => (when ? tasks : [])

  return [
    {
      key: 'offer_accepted',
      stageName: 'Offer accepted',
      tasks: [
        task('buyer_side', TASK_TITLES.decisionInPrinciple),
        task('estate_agent', TASK_TITLES.soldSubjectToContract),
        task('estate_agent', TASK_TITLES.memorandumOfSale),
      ],
    },
    {
      key: 'instruction',
      stageName: 'Instruction & ID checks',
      tasks: [
        task('buyer_side', "Buyer's conveyancer instructed and client care letter signed"),
        task('seller_side', TASK_TITLES.sellerInstructed),
        task('buyer_conveyancer', 'Buyer ID and AML checks (customer due diligence) completed'),
        task(
          'seller_conveyancer',
          'Seller ID and AML checks (customer due diligence) and proof of ownership completed',
        ),
        task('buyer_side', TASK_TITLES.sourceOfFunds),
      ],
    },
    {
      key: 'property_information',
      stageName: 'Property information',
      tasks: [
        task('seller_side', TASK_TITLES.ta6Form),
        ...only(leasehold, task('seller_side', 'TA7 Leasehold Information Form completed')),
        task('seller_side', TASK_TITLES.ta10Form),
        task('seller_conveyancer', TASK_TITLES.officialCopies),
        ...only(
          leasehold,
          task('seller_conveyancer', 'Management pack (LPE1) requested from the landlord or managing agent'),
        ),
        task('seller_conveyancer', TASK_TITLES.contractPackSent),
      ],
    },
    {
      key: 'searches',
      stageName: 'Searches',
      tasks: [
        task('buyer_side', 'Search fees paid on account'),
        task('buyer_conveyancer', TASK_TITLES.localSearchOrdered),
        task('buyer_conveyancer', 'Drainage and water search (CON29DW) ordered'),
        task('buyer_conveyancer', 'Environmental search ordered'),
        task('buyer_conveyancer', TASK_TITLES.searchesBack),
      ],
    },
    {
      key: 'mortgage_and_survey',
      stageName: 'Mortgage & survey',
      tasks: [
        task('mortgage_broker', TASK_TITLES.mortgageApplication),
        task('mortgage_broker', TASK_TITLES.lenderValuation),
        task('mortgage_broker', TASK_TITLES.mortgageOffer),
        task('buyer_side', 'RICS Home Survey instructed (Level 1, 2 or 3)'),
        task('surveyor', 'RICS survey report delivered to the buyer'),
      ],
    },
    {
      key: 'enquiries',
      stageName: ENQUIRIES_STAGE_NAME,
      tasks: [
        task('buyer_conveyancer', TASK_TITLES.enquiriesRaised),
        task('seller_conveyancer', TASK_TITLES.repliesSent),
        ...only(
          leasehold,
          task('buyer_conveyancer', 'Management pack (LPE1) reviewed: lease term, service charge and ground rent'),
        ),
        task('buyer_conveyancer', TASK_TITLES.enquiriesSatisfied),
        task('buyer_conveyancer', TASK_TITLES.reportOnTitle),
      ],
    },
    {
      key: 'exchange',
      stageName: EXCHANGE_STAGE_NAME,
      tasks: [
        task('buyer_side', 'Contract signed by the buyer'),
        task('seller_side', 'Contract and TR1 transfer deed signed by the seller'),
        task('buyer_side', 'Mortgage deed signed and witnessed'),
        task('buyer_side', TASK_TITLES.depositTransferred),
        task('buyer_conveyancer', TASK_TITLES.chainDatesAgreed),
        task('buyer_conveyancer', EXCHANGE_TASK_TITLE),
      ],
    },
    {
      key: 'completion',
      stageName: 'Completion',
      tasks: [
        task('seller_conveyancer', 'Completion information and undertakings (TA13) answered'),
        task('buyer_conveyancer', 'Completion statement sent to the buyer'),
        task('buyer_conveyancer', 'OS1 priority search lodged (30 working days of priority)'),
        task('buyer_conveyancer', 'Certificate of title sent and mortgage funds drawn down'),
        task('buyer_conveyancer', "Completion monies sent to the seller's conveyancer"),
        task('estate_agent', TASK_TITLES.completionConfirmed),
      ],
    },
    {
      key: 'post_completion',
      stageName: 'Post-completion',
      tasks: [
        nation === 'wales'
          ? task(
              'buyer_conveyancer',
              'Land Transaction Tax return filed with the Welsh Revenue Authority and tax paid within 30 days',
            )
          : task('buyer_conveyancer', 'SDLT return (SDLT1) filed and tax paid within 14 days'),
        task('seller_conveyancer', "Seller's mortgage redeemed and DS1 (or e-DS1) received"),
        ...only(leasehold, task('buyer_conveyancer', 'Notice of assignment and charge served on the landlord')),
        task('buyer_conveyancer', 'AP1 sent to HM Land Registry within the OS1 priority period'),
      ],
    },
  ]
}
