/**
 * The completion fee's outbox (completion-fee-retries.ts): a fee recorded due at completion whose
 * charge after commit never ran (the process stopped, the provider was unreachable) is charged by the
 * retry job with the payer's saved card, once, however often the job runs.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { retryDueCompletionFees } from './completion-fee-retries'
import { recordCompletionFeeDue } from './completion-fee'
import { paymentsOf } from './routes'
import { SAMPLE_SUPPLIER } from './supplier'
import { acceptFee } from './test-fee'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sid Seller' })
})

const feeOf = async (txId: string) =>
  (
    await t.database.query<{ status: string }>(`select status from completion_fees where transaction_id = $1`, [txId])
  )[0]

describe('completion fee retries', () => {
  it('charges a due fee with a saved card once, and leaves a fresh one to the after-commit charge', async () => {
    const { transactionId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      status: 'exchange',
    })
    expect((await acceptFee(t, seller, transactionId, '4242 4242 4242 4242')).status).toBe(201)
    // Completion committed the fee as due, and the charge after commit never ran.
    await t.database.db.transaction((tx) => recordCompletionFeeDue(tx, transactionId))
    expect(await feeOf(transactionId)).toEqual({ status: 'due' })
    const opts = {
      database: t.database,
      provider: paymentsOf(t),
      publicUrl: t.config.publicUrl,
      deliverMail: false,
      supplier: SAMPLE_SUPPLIER,
    }
    // Under a minute old: the after-commit charge goes first.
    expect(await retryDueCompletionFees(opts)).toBe(0)
    expect(await feeOf(transactionId)).toEqual({ status: 'due' })

    await t.database.query(
      `update completion_fees set created_at = now() - interval '2 minutes' where transaction_id = $1`,
      [transactionId],
    )
    expect(await retryDueCompletionFees(opts)).toBe(1)
    expect(await feeOf(transactionId)).toEqual({ status: 'paid' })
    // Run again (another process, the next tick): nothing is charged twice.
    expect(await retryDueCompletionFees(opts)).toBe(0)
    const paid = await t.database.query<{ n: number }>(
      `select count(*)::int as n from billing_invoices where kind = 'completion_fee' and transaction_id = $1`,
      [transactionId],
    )
    expect(paid).toEqual([{ n: 1 }])
  })
})
