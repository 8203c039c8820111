/**
 * sideClientIds: a side's clients are the move's lead client of that side and every participant in
 * that role (joint buyers or sellers, decision 070), each once; a professional or the other side is not.
 */
import { describe, expect, it } from 'vitest'
import { createTransaction } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { sideClientIds } from './side-clients'

const t = useTestApp()

describe('sideClientIds', () => {
  it('names the lead and the joint clients of each side once, and nobody else', async () => {
    const [buyer, coBuyer, seller, conveyancer] = await Promise.all([
      t.signUp({ role: 'buyer', name: 'Bea Buyer' }),
      t.signUp({ role: 'buyer', name: 'Cai Co-Buyer' }),
      t.signUp({ role: 'seller', name: 'Sol Seller' }),
      t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' }),
    ])
    const move = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [
        { profileId: coBuyer.profileId, role: 'buyer' },
        { profileId: conveyancer.profileId, role: 'buyer_conveyancer' },
      ],
    })
    const ids = (sides: ('buyer' | 'seller')[]) =>
      t.database.db.transaction(async (tx) => (await sideClientIds(tx, move.transactionId, sides)).sort())
    expect(await ids(['buyer'])).toEqual([buyer.profileId, coBuyer.profileId].sort())
    expect(await ids(['seller'])).toEqual([seller.profileId])
    expect(await ids(['buyer', 'seller'])).toEqual([buyer.profileId, coBuyer.profileId, seller.profileId].sort())
    // A lead who is not (or no longer) a participant is still the side's client.
    await t.database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
      move.transactionId,
      buyer.profileId,
    ])
    expect(await ids(['buyer'])).toEqual([buyer.profileId, coBuyer.profileId].sort())
  })
})
