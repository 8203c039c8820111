/**
 * Review authors and bodies for the demo directory: short, first-person, British English, about the
 * things people actually comment on at each stage (domain brief: searches, enquiries, mortgage offer,
 * survey level, exchange, completion). Bands: 'good' for 5 and 4 stars, 'mixed' for 3, 'poor' for 1-2.
 */
import type { OrganizationType } from '#shared/domain/organizations.ts'

export type ReviewBand = 'good' | 'mixed' | 'poor'

// prettier-ignore
export const REVIEWER_FIRST_NAMES = [
  'Sarah', 'James', 'Emma', 'Oliver', 'Sophie', 'Daniel', 'Hannah', 'Tom', 'Chloe', 'Ben', 'Rachel', 'Matthew',
  'Lucy', 'Josh', 'Aisha', 'Mohammed', 'Priya', 'Raj', 'Grace', 'Liam', 'Megan', 'Rhys', 'Cerys', 'Dafydd',
  'Siân', 'Gareth', 'Ellie', 'Sam', 'Zara', 'Adam', 'Laura', 'Chris', 'Katie', 'Jack', 'Amy', 'Harry', 'Fatima',
  'Owen', 'Niamh', 'Connor', 'Jess', 'Callum', 'Holly', 'Ryan', 'Beth', 'Kwame', 'Ngozi', 'Tomasz', 'Anya',
  'Imran', 'Leah', 'Joe', 'Rosie', 'Dev', 'Helen', 'Mark', 'Claire', 'Paul', 'Nadia', 'Ffion',
] as const

const AUTHOR_INITIALS = 'ABCDEFGHJKLMNOPRSTWY'

/** 'Sarah M.' style: first name and the initial of a surname, as public reviews usually show. */
export function reviewerName(firstName: string, initialIndex: number): string {
  return `${firstName} ${AUTHOR_INITIALS[initialIndex % AUTHOR_INITIALS.length]}.`
}

export const REVIEW_BODIES: Record<OrganizationType, Record<ReviewBand, readonly string[]>> = {
  law: {
    good: [
      'Kept us updated at every stage and chased the council when the local search stalled. Exchanged in just under eleven weeks.',
      'Clear client care letter, no surprises on the completion statement, and emails answered the same day.',
      'Our first purchase, so we had a lot of questions. They explained the report on title line by line.',
      'The management pack for our flat raised a service charge question; they sorted it with the managing agent before exchange.',
      'Sale and purchase in a chain of four, and they kept both sides moving. Completion day went without a hitch.',
      'ID checks done on the phone in ten minutes, and we could see every enquiry on the timeline.',
      "Professional and calm when our buyer's lender changed the valuation. Would use again.",
      'Very organised. The draft contract pack went out the week we instructed them.',
      'They spotted a missing building regulations certificate and got an indemnity policy arranged quickly.',
      'Friendly, quick, and honest about how long the searches would take.',
    ],
    mixed: [
      'Got there in the end, but we had to chase for updates more than we would have liked.',
      'Good advice on the title, but enquiries went back and forth for weeks.',
      'Fine once things got going; the first fortnight was slow while they waited for our ID documents.',
      'Competent, but the fee went up when the lease turned out to be more complicated.',
    ],
    poor: [
      'Very slow to raise enquiries and we nearly lost our mortgage offer. Communication only improved after a complaint.',
      'Hard to reach by phone, and the completion date slipped twice.',
      'We were told searches were ordered when they had not been. Three weeks lost.',
    ],
  },
  survey: {
    good: [
      'Level 2 survey booked within the week; the report was clear about the damp in the bay and gave realistic repair costs.',
      'The surveyor rang after the inspection to talk us through the roof, which helped us renegotiate the price.',
      'Thorough Level 3 survey on a 1930s semi, with photos of everything. Worth every penny.',
      'Report back in four days, written in plain English rather than jargon.',
      'Happy to answer follow-up questions about the cracking weeks later. Very reassuring.',
      'Flagged the Japanese knotweed next door, which nobody else had noticed.',
    ],
    mixed: [
      'Useful report, though a lot of it was standard caveats rather than our house.',
      'Survey was fine but took almost three weeks to arrange.',
    ],
    poor: [
      'The report missed obvious damp that our builder found on day one.',
      'Inspection was rushed and the report came back late, holding up our exchange.',
    ],
  },
  broker: {
    good: [
      'Found us a five-year fix when our bank said no, and chased the lender until the mortgage offer came through.',
      'Decision in principle in a day and the full application handled around our shifts.',
      'Explained the difference between the product fees properly. Saved us more than their fee.',
      'Self-employed with two years of accounts and they still found a lender. Offer in three weeks.',
      'Kept our conveyancer in the loop so the offer landed before the exchange date.',
      'Patient with all our questions as first-time buyers, including the gifted deposit paperwork.',
    ],
    mixed: [
      'Got a good rate in the end, but the lender valuation was booked late.',
      'Helpful, but we had to send the same payslips twice.',
    ],
    poor: [
      'The application sat for a week before it was submitted, and the offer expired before completion.',
      'Recommended a lender that then down-valued the flat; little help after that.',
    ],
  },
  agent: {
    good: [
      'Sold subject to contract within three weeks, and the memorandum of sale went out the same day.',
      'Weekly updates on the chain kept us sane. They knew where every link was.',
      'Honest valuation and good photos. Accepted an offer from a chain-free buyer at the asking price.',
      'Handled a nervous buyer brilliantly after a difficult survey and held the sale together.',
      'Viewings at weekends and evenings, with proper feedback after each one.',
      'The negotiator chased both conveyancers every week until exchange.',
    ],
    mixed: [
      'Good at finding a buyer, less good at progressing the sale afterwards.',
      'Fine, but the fee was higher than the others we spoke to.',
    ],
    poor: [
      'Overvalued the house to win the instruction, then pushed us to drop the price after six weeks.',
      'No updates for a month after the sale was agreed; we had to chase our own chain.',
    ],
  },
}
