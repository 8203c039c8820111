/**
 * GET /api/transactions/{txId}/deposit: the move's deposit as the viewer may see it
 * (access/deposits.ts): in full for the buyer's side, with the instructions for the buyer only after
 * their own CoP check matched or closely matched and the ledger for the firm only; held yes/amount
 * for the seller's side; 404 for anyone else.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  DepositRelease,
  DepositStatus,
  LEDGER_ACCOUNTS,
  PayeeCheckResult,
  type DepositResponse,
} from '#shared/contracts/deposits.ts'
import { approvingFirm, readDepositAccess } from '#server/access/deposits.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import type { ClientMoneyPartner } from '#server/providers/client-money/index.ts'
import { ledgerBalances, ledgerEntries } from './ledger'
import { releaseHelp } from './release-help'

const iso = (v: string | Date) => new Date(v).toISOString()
const isoOrNull = (v: string | Date | null) => (v === null ? null : iso(v))

/** The move's agreed price (every move has a row), with its deposit when one is set up (left join). */
const MoveColumns = z.object({ price: z.string().nullable(), move_status: z.string() })
const DepositHead = z.union([
  MoveColumns.extend({ id: z.null() }),
  MoveColumns.extend({
    id: z.string(),
    status: DepositStatus,
    amount: z.string(),
    account_name: z.string(),
    sort_code: z.string(),
    account_number: z.string(),
    reference: z.string(),
    updated_at: Timestamp,
    set_by_name: z.string().nullable(),
  }),
])

/** The viewer's latest Confirmation of Payee check. */
const PayeeCheckRow = PayeeCheckResult.extend({ checked_at: Timestamp })

/** A release or refund with its approvals (json_agg: their times are JSON text). */
const ReleaseRow = DepositRelease.omit({ amount_pence: true }).extend({
  amount: z.string(),
  requested_at: Timestamp,
  executed_at: Timestamp.nullable(),
  approvals: z.array(z.object({ approver_id: z.string(), approver_name: z.string(), approved_at: z.string() })),
})

/** The status the balances give: nothing, part or all of the amount held, or paid out. */
export function depositStatus(b: { amount: number; held: number; released: number; refunded: number }): DepositStatus {
  if (b.held === 0 && b.released > 0) return 'released'
  if (b.held === 0 && b.refunded > 0) return 'refunded'
  if (b.held >= b.amount) return 'held'
  if (b.held > 0) return 'part_received'
  return 'awaiting_funds'
}

export async function getDeposit(opts: {
  database: Database
  viewer: Viewer
  txId: string
  partner: ClientMoneyPartner
}): Promise<DepositResponse> {
  return opts.database.db.transaction((tx) => readDepositIn(tx, opts))
}

/** The same read inside the caller's database transaction (the writes answer with it). */
export async function readDepositIn(
  tx: Tx,
  opts: { viewer: Viewer; txId: string; partner: ClientMoneyPartner },
): Promise<DepositResponse> {
  const { viewer, txId, partner } = opts
  const { role, view } = await readDepositAccess(tx, viewer, txId)
  const res = await tx.execute(sql`
    select d.id, d.status, d.amount_pence::text as amount, d.account_name, d.sort_code, d.account_number, d.reference,
      d.updated_at, p.full_name as set_by_name, t.agreed_price_pence::text as price, t.status as move_status
    from transactions t left join deposits d on d.transaction_id = t.id
    left join profiles p on p.id = d.set_by where t.id = ${txId}`)
  const row = oneRow(DepositHead, res)
  const firm = view === 'full' ? await approvingFirm(tx, viewer, txId) : null
  const base = {
    view,
    viewer_role: role,
    provider: {
      name: partner.name,
      label: partner.label,
      partner_name: partner.partnerName,
      regulation: partner.regulation,
    },
    move_status: row.move_status,
    agreed_price_pence: row.price === null ? null : Number(row.price),
    can_manage: role === 'buyer_conveyancer',
    can_approve: !!firm?.canApprove,
    can_simulate_transfer: partner.name === 'sandbox' && role === 'buyer' && row.id !== null,
  }
  if (!row.id) return { ...base, release_help: null, deposit: null, summary: null }
  const balances = await ledgerBalances(tx, txId)
  if (view === 'summary') {
    return {
      ...base,
      release_help: null,
      deposit: null,
      summary: { status: row.status, held: balances.held_for_buyer > 0, held_pence: balances.held_for_buyer },
    }
  }
  const checkRes = await tx.execute(sql`
    select result, name_checked, registered_name, checked_at from deposit_payee_checks
    where deposit_id = ${row.id} and profile_id = ${viewer.profileId} order by checked_at desc, id desc limit 1`)
  const check = firstRow(PayeeCheckRow, checkRes)
  const payeeCheck = check ? { ...check, checked_at: iso(check.checked_at) } : null
  const firmSees = role === 'buyer_conveyancer'
  const showInstructions = firmSees || (payeeCheck !== null && payeeCheck.result !== 'no_match')
  const releasesRes = await tx.execute(sql`
    select r.id, r.kind, r.stage, r.amount_pence::text as amount, r.payee_name, r.payee_sort_code, r.payee_account_number,
      r.status, rp.full_name as requested_by_name, r.requested_at, r.executed_at,
      coalesce((select json_agg(json_build_object('approver_id', a.approver_id, 'approver_name', ap.full_name,
        'approved_at', a.approved_at) order by a.approved_at, a.id)
        from deposit_approvals a join profiles ap on ap.id = a.approver_id where a.release_id = r.id), '[]') as approvals
    from deposit_releases r left join profiles rp on rp.id = r.requested_by
    where r.deposit_id = ${row.id} order by r.requested_at desc, r.id`)
  const releases: DepositRelease[] = rows(ReleaseRow, releasesRes).map(({ amount, ...r }) => ({
    ...r,
    amount_pence: Number(amount),
    requested_at: iso(r.requested_at),
    executed_at: isoOrNull(r.executed_at),
    approvals: r.approvals.map((a) => ({ ...a, approved_at: iso(a.approved_at) })),
  }))
  const paidOut = row.status === 'released' || row.status === 'refunded'
  return {
    ...base,
    release_help: paidOut ? null : await releaseHelp(tx, { viewer, txId, role, firm }),
    summary: null,
    deposit: {
      id: row.id,
      status: row.status,
      amount_pence: Number(row.amount),
      received_pence: -balances.buyer_payments,
      held_pence: balances.held_for_buyer,
      released_pence: balances.released_to_seller,
      refunded_pence: balances.refunded,
      set_by_name: row.set_by_name,
      updated_at: iso(row.updated_at),
      instructions: showInstructions
        ? {
            account_name: row.account_name,
            sort_code: row.sort_code,
            account_number: row.account_number,
            reference: row.reference,
          }
        : null,
      payee_check: payeeCheck,
      releases,
      ledger: firmSees
        ? {
            accounts: LEDGER_ACCOUNTS.map((code) => ({
              code,
              balance_pence: balances[code],
            })),
            entries: await ledgerEntries(tx, txId),
          }
        : null,
    },
  }
}

/** Re-reads the balances and stores the deposit's status; returns it. */
export async function refreshDepositStatus(tx: Tx, txId: string): Promise<DepositStatus> {
  const b = await ledgerBalances(tx, txId)
  const res = await tx.execute(sql`select amount_pence::text as amount from deposits where transaction_id = ${txId}`)
  const amount = Number(oneRow(z.object({ amount: z.string() }), res).amount)
  const status = depositStatus({
    amount,
    held: b.held_for_buyer,
    released: b.released_to_seller,
    refunded: b.refunded,
  })
  await tx.execute(sql`update deposits set status = ${status}, updated_at = now() where transaction_id = ${txId}`)
  return status
}
