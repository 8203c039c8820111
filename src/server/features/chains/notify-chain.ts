/**
 * Tells every party in a move's chain about something that touches the whole chain: a block, a fall
 * through, a new link, dates proposed or agreed (kind 'chain_update', through notifyPeople: in-app,
 * live, and email by the outbox as each person chose). Each person is told once, on their own move
 * (the first of theirs in chain order when they are on two), with a link to its chain page, and the text names the move by town and postcode district only (the
 * privacy rule of src/server/access/chains.ts): never a person, a reason or a full address.
 */
import { chainPath } from '#shared/paths.ts'
import { transactionPeopleIds } from '#server/access/transactions.ts'
import type { Tx } from '#server/db/client.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { chainOf } from './chain-graph'

export async function notifyChain(
  tx: Tx,
  options: {
    /** A move of the chain (the chain is read from it, confirmed links only). */
    txId: string
    actorId: string | null
    title: string
    body?: string | null
    /** Leave out the people of these moves (they were told already, in their own words). */
    skip?: readonly string[]
    /** Tell only these moves' people (default: every move of the chain). */
    only?: readonly string[]
    notify: NotificationDelivery
  },
): Promise<number> {
  const moves = options.only ?? (await chainOf(tx, options.txId))
  let told = 0
  // Someone on two moves of the chain (a seller buying onward) hears each notice once, on the first
  // of their moves in the order given (chain order, bottom first); the people of a skipped move were
  // told already, so they are not told again on their other move.
  const reached = new Set<string>()
  for (const moveId of options.skip ?? []) {
    for (const id of await transactionPeopleIds(tx, moveId)) reached.add(id)
  }
  for (const moveId of moves) {
    if (options.skip?.includes(moveId)) continue
    const recipients = (await transactionPeopleIds(tx, moveId)).filter((id) => !reached.has(id))
    for (const id of recipients) reached.add(id)
    if (recipients.length === 0) continue
    const ids = await notifyPeople(tx, {
      recipients,
      kind: 'chain_update',
      transactionId: moveId,
      actorId: options.actorId,
      title: options.title,
      body: options.body ?? null,
      link: chainPath(moveId),
      publicUrl: options.notify.publicUrl,
      deliverMail: options.notify.deliverMail,
    })
    told += ids.length
  }
  return told
}

/**
 * After a stage of `txId` is blocked: the rest of the chain hears which move and stage, not who or why
 * (the move's own people were told by the block itself). Nothing when the move is in no chain.
 */
export async function notifyChainOfBlock(
  tx: Tx,
  options: { txId: string; actorId: string; stageName: string; place: string; notify: NotificationDelivery },
): Promise<void> {
  const chain = await chainOf(tx, options.txId)
  if (chain.length < 2) return
  await notifyChain(tx, {
    txId: options.txId,
    actorId: options.actorId,
    title: `A move in your chain is blocked: ${options.place}`,
    body: `${options.stageName} is blocked on the move at ${options.place}. Your chain cannot exchange until it is cleared.`,
    skip: [options.txId],
    only: chain,
    notify: options.notify,
  })
}

/** After `txId` is cancelled (falls through): the rest of the chain hears it (its own people were told by the status change). */
export async function notifyChainOfFallThrough(
  tx: Tx,
  options: { txId: string; actorId: string; place: string; notify: NotificationDelivery },
): Promise<void> {
  const chain = await chainOf(tx, options.txId)
  if (chain.length < 2) return
  await notifyChain(tx, {
    txId: options.txId,
    actorId: options.actorId,
    title: `A move in your chain has fallen through: ${options.place}`,
    body: `The move at ${options.place} was cancelled. Talk to your conveyancer about what this means for your move.`,
    skip: [options.txId],
    only: chain,
    notify: options.notify,
  })
}
