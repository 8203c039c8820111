/**
 * The person's source-of-funds records for 'Download my data' (features/data-rights, UK GDPR art. 15;
 * issue 39): the open-banking consents they gave, each account the bank gave with everything it said
 * (number, sort code, balance and transactions, opened from their sealed column), their explanations
 * of flagged transactions (opened), the funding plans of the moves they buy (their answers and the
 * conveyancer's review) and the gifts they recorded as the buyer. A value that does not open (a key
 * retired) is exported as null with `unreadable: true` rather than failing the whole export.
 */
import type { Database } from '#server/db/client.ts'
import { openAccount, openExplanation } from './bank-data'

/** What source-of-funds.json holds. Money in pence. */
export interface ExportedFunds {
  bank_consents: unknown[]
  explanations: unknown[]
  funding_plans: unknown[]
  gifts_recorded: unknown[]
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString())

function opened<T>(open: () => T): { value: T | null; unreadable: boolean } {
  try {
    return { value: open(), unreadable: false }
  } catch {
    return { value: null, unreadable: true }
  }
}

/** Every source-of-funds record of `profileId`, oldest first. */
export async function exportFunds(database: Database, profileId: string): Promise<ExportedFunds> {
  const [consents, accounts, explanations, plans, gifts] = await Promise.all([
    database.query<{
      id: string
      transaction_id: string
      provider: string
      bank_name: string
      status: string
      failure_reason: string | null
      created_at: string
      updated_at: string
    }>(
      `select id, transaction_id, provider, bank_name, status, failure_reason, created_at, updated_at
         from bank_consents where profile_id = $1 order by created_at, id`,
      [profileId],
    ),
    database.query<{
      id: string
      consent_id: string
      name: string
      last4: string
      selected: boolean
      data_sealed: string
      created_at: string
    }>(
      `select a.id, a.consent_id, a.name, a.last4, a.selected, a.data_sealed, a.created_at
         from bank_accounts a join bank_consents c on c.id = a.consent_id
        where c.profile_id = $1 order by a.created_at, a.id`,
      [profileId],
    ),
    database.query<{
      id: string
      transaction_id: string
      account_id: string
      provider_transaction_id: string
      explanation_sealed: string
      created_at: string
    }>(
      `select e.id, e.transaction_id, e.account_id, e.provider_transaction_id, e.explanation_sealed, e.created_at
         from funding_explanations e
        where e.created_by = $1
           or e.account_id in (select a.id from bank_accounts a join bank_consents c on c.id = a.consent_id
                                where c.profile_id = $1)
        order by e.created_at, e.id`,
      [profileId],
    ),
    database.query(
      `select p.transaction_id, p.first_time_buyer, p.additional_property, p.non_resident,
              p.mortgage_stated_pence::float8 as mortgage_stated_pence, p.sale_proceeds_pence::float8 as sale_proceeds_pence,
              p.fees_pence::float8 as fees_pence, p.review_decision, p.review_note, p.reviewed_at, p.updated_at
         from funding_plans p join transactions t on t.id = p.transaction_id
        where t.buyer_user_id = $1 order by p.updated_at`,
      [profileId],
    ),
    database.query(
      `select g.id, g.transaction_id, g.giftor_name, g.giftor_email, g.relationship, g.amount_pence::float8 as amount_pence,
              g.source_of_money, g.giftor_will_live, g.document_id as declaration_document_id, g.created_at
         from funding_gifts g where g.created_by = $1 order by g.created_at, g.id`,
      [profileId],
    ),
  ])
  return {
    bank_consents: consents.map((c) => ({
      ...c,
      created_at: iso(c.created_at),
      updated_at: iso(c.updated_at),
      accounts: accounts
        .filter((a) => a.consent_id === c.id)
        .map((a) => {
          const data = opened(() => openAccount(a.id, a.data_sealed))
          return {
            id: a.id,
            name: a.name,
            last4: a.last4,
            selected: a.selected,
            created_at: iso(a.created_at),
            // Number, sort code, balance and transactions, as the bank gave them.
            bank_data: data.value,
            ...(data.unreadable ? { unreadable: true } : {}),
          }
        }),
    })),
    explanations: explanations.map((e) => {
      const text = opened(() => openExplanation(e.account_id, e.provider_transaction_id, e.explanation_sealed))
      return {
        id: e.id,
        transaction_id: e.transaction_id,
        account_id: e.account_id,
        bank_transaction_id: e.provider_transaction_id,
        explanation: text.value,
        ...(text.unreadable ? { unreadable: true } : {}),
        created_at: iso(e.created_at),
      }
    }),
    funding_plans: plans,
    gifts_recorded: gifts,
  }
}
