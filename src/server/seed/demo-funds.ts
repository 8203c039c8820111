/**
 * The demo move's money, told as one story (issue 40 item 4): Amelia Clarke, a first-time buyer, buys
 * 12 Clarence Road for £525,000 with an 80% Nationwide mortgage (the DIP of demo-broker.ts, £420,000,
 * on an income of £105,000: 4 times, within the broker's estimate), £40,000 gifted by her father and her own savings in two accounts
 * connected by open banking (Sandbox). First-time buyer's relief stops at £500,000, so SDLT is the
 * standard £16,250; with £3,500 of fees the funds page needs £544,750 and finds £545,450: covered,
 * with nothing to explain but the gift's declaration, which her father has been invited to sign. The
 * figures are one calculation, fundingBalance, as the funds page, the broker's panel and CDD's risk
 * read it (seed.integration.test.ts checks the sum).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { newInvitationToken } from '#server/core/invitations/invitation-token.ts'
import { sealAccount } from '#server/features/funds/bank-data.ts'
import type { BankAccountData } from '#server/providers/open-banking/open-banking-provider.ts'

const DAY_MS = 86_400_000

/** The demo move's funding, in pence: what its funds page, broker panel and CDD record all add up. */
export const DEMO_FUNDING = {
  /** Nationwide's decision in principle (demo-broker.ts): 80% of £525,000. */
  mortgagePence: 420_000_00,
  /** Amelia's gross income on the broker's fact find: the DIP is 4 times it. */
  incomePence: 105_000_00,
  /**
   * Her own money on the broker's fact find ("deposit and own funds"): the two accounts and the gift,
   * £125,450, of which £105,000 is the deposit (price less mortgage) and the rest SDLT and fees.
   */
  ownFundsPence: 125_450_00,
  gift: {
    giftorName: 'David Clarke',
    giftorEmail: 'david.clarke@family.example',
    relationship: 'Father',
    pence: 40_000_00,
  },
  accounts: [
    {
      id: 'demo-easy-saver',
      name: 'Easy Saver',
      sortCode: '20-45-77',
      accountNumber: '31884190',
      balancePence: 82_000_00,
    },
    {
      id: 'demo-current',
      name: 'Current Account',
      sortCode: '20-45-77',
      accountNumber: '52017736',
      balancePence: 3_450_00,
    },
  ],
  /** Conveyancing, searches and the survey, as Amelia stated them. */
  feesPence: 3_500_00,
  firstTimeBuyer: true,
} as const

/**
 * Writes the demo move's funding plan, the two connected accounts (sealed as the open-banking feature
 * seals them) and the gift with its pending invitation. Idempotent: nothing when the plan exists.
 */
export async function insertDemoFunds(
  tx: Tx,
  { amelia, demoTransactionId }: { amelia: string; demoTransactionId: string },
  now: Date,
): Promise<void> {
  const found = await tx.execute(sql`select 1 from funding_plans where transaction_id = ${demoTransactionId}`)
  if (found.rows.length) return
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
  await tx.execute(sql`insert into funding_plans (transaction_id, first_time_buyer, additional_property, non_resident,
      mortgage_stated_pence, sale_proceeds_pence, fees_pence, updated_at)
    values (${demoTransactionId}, ${DEMO_FUNDING.firstTimeBuyer}, false, false, null, null, ${DEMO_FUNDING.feesPence}, ${at(30)})`)
  const consentId = randomUUID()
  await tx.execute(sql`insert into bank_consents (id, transaction_id, profile_id, provider, provider_consent_id, bank_id,
      bank_name, status, created_at, updated_at)
    values (${consentId}, ${demoTransactionId}, ${amelia}, 'sandbox', ${`demo-consent-${consentId.slice(0, 8)}`},
      'windfall', 'Windfall Bank', 'authorised', ${at(29)}, ${at(29)})`)
  for (const a of DEMO_FUNDING.accounts) {
    const id = randomUUID()
    const data: BankAccountData = {
      id: a.id,
      name: a.name,
      sortCode: a.sortCode,
      accountNumber: a.accountNumber,
      balancePence: a.balancePence,
      // Her pay into the current account and the saver's interest: nothing the funds page must ask about.
      transactions:
        a.id === 'demo-current'
          ? [
              {
                id: 'demo-current-salary',
                bookedOn: at(24).slice(0, 10),
                description: 'SALARY ST ALBANS DESIGN LTD',
                amountPence: 5_280_00,
                category: 'salary',
              },
              {
                id: 'demo-current-saver',
                bookedOn: at(23).slice(0, 10),
                description: 'TO EASY SAVER',
                amountPence: -1_500_00,
                category: 'transfer',
              },
            ]
          : [
              {
                id: 'demo-easy-saver-interest',
                bookedOn: at(6).slice(0, 10),
                description: 'INTEREST',
                amountPence: 241_17,
                category: 'interest',
              },
            ],
    }
    await tx.execute(sql`insert into bank_accounts (id, consent_id, transaction_id, provider_account_id, name, last4,
        selected, data_sealed, created_at)
      values (${id}, ${consentId}, ${demoTransactionId}, ${a.id}, ${a.name}, ${a.accountNumber.slice(-4)}, true,
        ${sealAccount(id, data)}, ${at(29)})`)
  }
  const giftId = randomUUID()
  const g = DEMO_FUNDING.gift
  await tx.execute(sql`insert into funding_gifts (id, transaction_id, giftor_name, giftor_email, relationship, amount_pence,
      created_by, created_at)
    values (${giftId}, ${demoTransactionId}, ${g.giftorName}, ${g.giftorEmail}, ${g.relationship}, ${g.pence}, ${amelia}, ${at(3)})`)
  // Invited three days ago; nobody holds the token (the demo buyer can re-send it from the Funds page).
  const { tokenHash, expiresAt } = newInvitationToken()
  await tx.execute(sql`insert into invitations (transaction_id, email, role, gift_id, invited_by, token_hash, status,
      expires_at, last_sent_at, created_at)
    values (${demoTransactionId}, ${g.giftorEmail}, 'giftor', ${giftId}, ${amelia}, ${tokenHash}, 'pending',
      ${new Date(Math.max(expiresAt.getTime() - 3 * DAY_MS, now.getTime() + DAY_MS)).toISOString()}, ${at(3)}, ${at(3)})`)
}
