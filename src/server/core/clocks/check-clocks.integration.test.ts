/**
 * The periodic SLA check syncs the task clocks of every live matter in batches, each batch in its own
 * database transaction, and a batch boundary changes nothing: every live matter gets its clocks (with
 * their milestones), a cancelled or completed one none.
 */
import { describe, expect, it } from 'vitest'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { checkSlaClocks } from './check-clocks'

const t = useTestApp()

describe('checkSlaClocks', () => {
  it('starts the clocks of every live matter across batches, and none on a closed one', async () => {
    const seller = await t.signUp({ role: 'seller', name: 'Sara Seller' })
    const conveyancer = await t.signUp({ role: 'conveyancer', name: 'Colm Conveyancer' })
    const firm = (await createOrganization(t.database, { name: 'Batch & Co' })).organizationId
    await t.database.query(
      `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'admin')`,
      [firm, conveyancer.profileId],
    )
    const matter = (status: 'active' | 'draft' | 'cancelled' | 'completed') =>
      createTransaction(t.database, {
        sellerProfileId: seller.profileId,
        status,
        participants: [{ profileId: conveyancer.profileId, role: 'seller_conveyancer', organizationId: firm }],
      }).then((r) => r.transactionId)
    const live = [await matter('active'), await matter('draft'), await matter('active'), await matter('active')]
    const closed = [await matter('cancelled'), await matter('completed')]
    const contractPackClocks = async (ids: string[]) =>
      t.database.query<{ transaction_id: string; organization_id: string | null; breached_on: string | null }>(
        `select transaction_id, organization_id, breached_on::text from sla_clocks
         where clock_type = 'contract_pack' and transaction_id = any($1::uuid[])`,
        [ids],
      )
    expect(await contractPackClocks([...live, ...closed])).toHaveLength(0)

    // Batches of 3 over at least 4 live matters: the matters fall on both sides of a boundary.
    await checkSlaClocks({
      database: t.appDatabase,
      delivery: { publicUrl: t.config.publicUrl, deliverMail: false },
      batchSize: 3,
    })
    const started = await contractPackClocks(live)
    expect(started.map((c) => c.transaction_id).sort()).toEqual([...live].sort())
    expect(started.every((c) => c.organization_id === firm && c.breached_on !== null)).toBe(true)
    expect(await contractPackClocks(closed)).toHaveLength(0)

    // A second run starts nothing twice.
    await checkSlaClocks({
      database: t.appDatabase,
      delivery: { publicUrl: t.config.publicUrl, deliverMail: false },
      batchSize: 1,
    })
    expect(await contractPackClocks(live)).toHaveLength(live.length)
  })
})
