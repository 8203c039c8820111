/**
 * Outside production every answer of a catalogue endpoint is parsed against its contract, so an
 * answer that breaks it fails loudly (500 naming the endpoint and the zod issue) in every integration
 * and end-to-end test; in production it goes out unparsed. The broken answer here is real: a task
 * whose owner is not one of the owners the contract allows (tasks.owner_side has no CHECK constraint),
 * read through the database-built transaction detail.
 */
import { describe, expect, it } from 'vitest'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { createTransaction } from '../test/factories'
import { useTestApp, type TestApp, type TestUser } from '../test/test-app'

const test = useTestApp()
const production = useTestApp({ config: { NODE_ENV: 'production' } })

/** A move whose first task has an owner outside the contract; returns its id and the buyer. */
async function moveWithUnknownOwner(t: TestApp): Promise<{ txId: string; buyer: TestUser }> {
  const buyer = await t.signUp({ role: 'buyer' })
  const { transactionId } = await createTransaction(t.database, { buyerProfileId: buyer.profileId })
  await t.database.query(
    `update tasks set owner_side = 'the_neighbours'
     where id = (select k.id from tasks k join timeline_stages s on s.id = k.stage_id
                 where s.transaction_id = $1 order by s.sort_index, k.sort_index limit 1)`,
    [transactionId],
  )
  return { txId: transactionId, buyer }
}

describe('answers are checked against their contract outside production', () => {
  it('an answer that keeps its contract goes out as it is', async () => {
    const buyer = await test.signUp({ role: 'buyer' })
    const { transactionId } = await createTransaction(test.database, { buyerProfileId: buyer.profileId })
    const res = await test.request(`/api/transactions/${transactionId}`, { as: buyer })
    expect(res.status).toBe(200)
    expect(TransactionDetail.parse(await res.json()).id).toBe(transactionId)
  })

  it('an answer that breaks its contract is a 500 naming the endpoint and the zod issue', async () => {
    const { txId, buyer } = await moveWithUnknownOwner(test)
    const res = await test.request(`/api/transactions/${txId}`, { as: buyer })
    expect(res.status).toBe(500)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('internal')
    expect(body.error.message).toContain('GET /api/transactions/{txId} (200) breaks its contract')
    expect(body.error.message).toContain('timeline_stages[0].tasks[0].owner_side')
  })

  it('an error answer is checked too: its body must be the standard error body', async () => {
    const res = await test.request('/api/transactions/00000000-0000-4000-8000-000000000000', {
      as: await test.signUp(),
    })
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
  })

  it('in production nothing is parsed: the same answer goes out unchanged', async () => {
    const { txId, buyer } = await moveWithUnknownOwner(production)
    const res = await production.request(`/api/transactions/${txId}`, { as: buyer })
    expect(res.status).toBe(200)
    const detail = (await res.json()) as { timeline_stages: { tasks: { owner_side: string }[] }[] }
    expect(detail.timeline_stages[0].tasks[0].owner_side).toBe('the_neighbours')
  })
})
