/**
 * The deposits ledger: double entry in pence, per move. A posting is one ledger_entries row and its
 * lines (debit positive, credit negative) written in the caller's database transaction; the lines
 * must sum to zero (checked here, and again by the database at commit: migration ledger-triggers),
 * and each line moves its account's balance, which the database keeps at zero or above for every
 * account but buyer_payments, so nothing can be paid out that is not held.
 *
 * Accounts (one set per move): buyer_payments (what the buyer paid in: a credit balance),
 * held_for_buyer (held at the partner), released_to_seller and refunded (what went out).
 *   funds received:  Dr held_for_buyer      Cr buyer_payments
 *   release:         Dr released_to_seller  Cr held_for_buyer
 *   refund:          Dr refunded            Cr held_for_buyer
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { LEDGER_ACCOUNTS, LedgerAccountCode, LedgerEntry } from '#shared/contracts/deposits.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, rows, Timestamp } from '#server/db/rows.ts'

/** An account's balance (bigint, as text). */
const BalanceRow = z.object({ code: LedgerAccountCode, balance: z.string() })

/** An entry with its lines (json_agg: a bigint is a JSON number). */
const EntryRow = LedgerEntry.extend({
  posted_at: Timestamp,
  lines: z.array(z.object({ account: LedgerAccountCode, amount_pence: z.number() })),
})

export interface PostingLine {
  account: LedgerAccountCode
  /** Debit positive, credit negative, whole pence, never zero. */
  amount_pence: number
}

/** Throws unless `lines` are at least two whole, non-zero amounts in pence that sum to zero. */
export function assertBalanced(lines: readonly PostingLine[]): void {
  if (lines.length < 2) throw new Error('A ledger posting needs at least two lines.')
  let total = 0
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount_pence) || l.amount_pence === 0) {
      throw new Error(`A ledger line must be a whole, non-zero number of pence (got ${l.amount_pence}).`)
    }
    total += l.amount_pence
  }
  if (total !== 0) throw new Error(`A ledger posting must sum to zero; these lines sum to ${total} pence.`)
}

/** The lines of a movement of `pence` from `from` to `to`: Dr to, Cr from. */
export function transfer(from: LedgerAccountCode, to: LedgerAccountCode, pence: number): PostingLine[] {
  return [
    { account: to, amount_pence: pence },
    { account: from, amount_pence: -pence },
  ]
}

/**
 * Posts one entry in `tx`. `externalRef` (the partner's payment id) is unique: a second posting of the
 * same payment returns null and writes nothing. Returns the entry's id.
 */
export async function postEntry(
  tx: Tx,
  entry: {
    transactionId: string
    kind: LedgerEntry['kind']
    description: string
    lines: PostingLine[]
    externalRef?: string | null
    releaseId?: string | null
    createdBy?: string | null
    /** When it was posted (ISO time); now when omitted. The demo data's history sets it: entries are never updated. */
    postedAt?: string | null
  },
): Promise<string | null> {
  assertBalanced(entry.lines)
  await tx.execute(sql`
    insert into ledger_accounts (transaction_id, code)
    select ${entry.transactionId}, code from unnest(string_to_array(${LEDGER_ACCOUNTS.join(',')}, ',')) code
    on conflict do nothing`)
  const inserted = await tx.execute(sql`
    insert into ledger_entries (transaction_id, kind, description, external_ref, release_id, created_by, posted_at)
    values (${entry.transactionId}, ${entry.kind}, ${entry.description}, ${entry.externalRef ?? null},
            ${entry.releaseId ?? null}, ${entry.createdBy ?? null}, coalesce(${entry.postedAt ?? null}::timestamptz, now()))
    on conflict do nothing returning id`)
  const id = firstRow(IdRow, inserted)?.id
  if (!id) return null
  for (const line of entry.lines) {
    await tx.execute(sql`
      insert into ledger_lines (entry_id, account_id, amount_pence)
      select ${id}, a.id, ${line.amount_pence} from ledger_accounts a
      where a.transaction_id = ${entry.transactionId} and a.code = ${line.account}`)
  }
  return id
}

/** Every account's balance of a move in pence (debit positive); accounts not opened yet are 0. */
export async function ledgerBalances(
  tx: Tx | Database['db'],
  transactionId: string,
): Promise<Record<LedgerAccountCode, number>> {
  const res = await tx.execute(
    sql`select code, balance_pence::text as balance from ledger_accounts where transaction_id = ${transactionId}`,
  )
  const out: Record<LedgerAccountCode, number> = {
    buyer_payments: 0,
    held_for_buyer: 0,
    released_to_seller: 0,
    refunded: 0,
  }
  for (const r of rows(BalanceRow, res)) out[r.code] = Number(r.balance)
  return out
}

/** The move's entries with their lines, oldest first. */
export async function ledgerEntries(tx: Tx | Database['db'], transactionId: string): Promise<LedgerEntry[]> {
  const res = await tx.execute(sql`
    select e.id, e.kind, e.description, e.posted_at,
      coalesce((select json_agg(json_build_object('account', a.code, 'amount_pence', l.amount_pence) order by l.amount_pence desc)
        from ledger_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = e.id), '[]') as lines
    from ledger_entries e where e.transaction_id = ${transactionId} order by e.posted_at, e.id`)
  return rows(EntryRow, res).map((r) => ({
    ...r,
    posted_at: new Date(r.posted_at).toISOString(),
    lines: r.lines.map((l) => ({ account: l.account, amount_pence: Number(l.amount_pence) })),
  }))
}
