/**
 * Dates for the whole chain. POST .../chain/date-proposals: a conveyancer on any move of the chain
 * proposes an exchange and a completion date; every move of the chain still on its way to exchange
 * gets a pending answer, the proposer's own move accepted; an open proposal of the same chain is
 * superseded. POST .../chain/date-proposals/{id}/respond: a conveyancer on a move answers for it
 * (one answer per move). One decline declines the proposal; when every move has accepted, the
 * agreed dates become every one of those moves' target exchange and completion dates in the same
 * database transaction, and the whole chain is told. Errors: 400 dates in the past or out of order
 * (decision 061), 403 not a conveyancer on the move, 409 no chain of two or more moves on their way,
 * a proposal no longer open or already answered, or accepted after its exchange date has passed.
 */
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ChainDateProposal, ProposeChainDatesInput } from '#shared/contracts/chains.ts'
import { DATE_RESPONSES, isMovingLink, proposalOutcome, type DateResponse } from '#shared/domain/chains.ts'
import { isConveyancer } from '#shared/domain/permissions.ts'
import { chainDatesAcceptRefusal, chainDatesRefusal } from '#shared/domain/preconditions.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { chainPath } from '#shared/paths.ts'
import { requirePermission } from '#server/access/permissions.ts'
import { lockTransactionForViewer, readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'
import { chainDateProposals, chainDateResponses } from '#server/db/schema/index.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { notifyPeople, type NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { chainOf, lockChains, lockMoves, placeOf } from './chain-graph'
import { notifyChain } from './notify-chain'
import { isMover, withViewerAnswers } from './get-chain'
import { readProposal } from './proposal-rows'

/** An ISO date ('2027-01-15') as '15 Jan 2027'. */
const formatUkDateIso = (isoDate: string) => ukDate(new Date(`${isoDate}T12:00:00Z`))

const withRespond = (summary: Omit<ChainDateProposal, 'can_respond'>, canRespond: boolean): ChainDateProposal => ({
  ...summary,
  can_respond: canRespond,
})

export async function proposeChainDates(opts: {
  database: Database
  viewer: Viewer
  txId: string
  input: { exchange_date: string; completion_date: string }
  notify: NotificationDelivery
}): Promise<ChainDateProposal> {
  const { viewer, txId } = opts
  const input: ProposeChainDatesInput = opts.input
  return opts.database.db.transaction(async (tx) => {
    await lockChains(tx)
    const { role } = await lockTransactionForViewer(tx, viewer, txId)
    requirePermission(
      'create:chain-dates:conveyancer',
      isConveyancer(role),
      'Only a conveyancer on this move can propose dates for the chain.',
    )
    // Dates still to come, exchange before completion (decision 061): 400 naming the field.
    const datesRefused = chainDatesRefusal({
      exchangeDate: input.exchange_date,
      completionDate: input.completion_date,
      today: londonDate(new Date()),
    })
    if (datesRefused) {
      throw new AppError(datesRefused.code, datesRefused.message, { [datesRefused.field!]: [datesRefused.message] })
    }
    const chain = await chainOf(tx, txId)
    const statuses = await lockMoves(tx, chain)
    const moving = chain.filter((id) => isMovingLink(statuses.get(id) ?? ''))
    if (!moving.includes(txId) || moving.length < 2) {
      throw new AppError(
        'conflict',
        'Dates are proposed to a chain of two or more moves that have not exchanged yet. Link this move into its chain first.',
      )
    }
    await tx.execute(sql`update chain_date_proposals set status = 'superseded', decided_at = now()
      where status = 'open' and id in (select proposal_id from chain_date_responses where transaction_id in (${sql.join(
        chain.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`)
    const [proposal] = await tx
      .insert(chainDateProposals)
      .values({
        proposedFrom: txId,
        proposedBy: viewer.profileId,
        exchangeDate: input.exchange_date,
        completionDate: input.completion_date,
      })
      .returning({ id: chainDateProposals.id })
    await tx.insert(chainDateResponses).values(
      moving.map((id) => {
        // The proposer's own move accepts by proposing.
        const response: DateResponse = id === txId ? 'accepted' : 'pending'
        return {
          proposalId: proposal.id,
          transactionId: id,
          response,
          respondedBy: id === txId ? viewer.profileId : null,
          respondedAt: id === txId ? sql`now()` : null,
        }
      }),
    )
    const dates = `exchange ${formatUkDateIso(input.exchange_date)}, completion ${formatUkDateIso(input.completion_date)}`
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'chain.dates_proposed',
      summary: `proposed dates to the chain: ${dates}`,
      payload: { proposalId: proposal.id },
    })
    const place = await placeOf(tx, txId)
    await notifyChain(tx, {
      txId,
      actorId: viewer.profileId,
      title: `Dates proposed for your chain: ${dates}`,
      body: `Proposed from the move at ${place}. Buyers and sellers: say on the chain page whether these dates suit you. Each move's conveyancer accepts or declines them for the move.`,
      only: moving,
      notify: opts.notify,
    })
    const read = await readProposal(tx, txId, proposal.id)
    if (!read) throw notFound('proposal')
    return withRespond(read.summary, false)
  })
}

export async function respondToChainDates(opts: {
  database: Database
  viewer: Viewer
  txId: string
  proposalId: string
  input: { accept: boolean; note?: string }
  notify: NotificationDelivery
}): Promise<ChainDateProposal> {
  const { viewer, txId, proposalId, input } = opts
  return opts.database.db.transaction(async (tx) => {
    await lockChains(tx)
    const { role } = await lockTransactionForViewer(tx, viewer, txId)
    const res = await tx.execute(sql`
      select d.status, d.exchange_date::text as exchange_date, d.completion_date::text as completion_date, r.response
      from chain_date_proposals d join chain_date_responses r on r.proposal_id = d.id and r.transaction_id = ${txId}
      where d.id = ${proposalId} for update of d, r`)
    const row = firstRow(
      z.object({
        status: z.string(),
        exchange_date: z.string(),
        completion_date: z.string(),
        response: z.enum(DATE_RESPONSES),
      }),
      res,
    )
    if (!row) throw notFound('date proposal')
    requirePermission(
      'update:chain-dates:conveyancer',
      isConveyancer(role),
      "Only a conveyancer on this move can answer the chain's proposed dates.",
    )
    if (row.status !== 'open') {
      throw new AppError('conflict', `These dates were ${row.status} already: reload the chain to see the latest.`)
    }
    if (row.response !== 'pending') {
      throw new AppError('conflict', `This move has already ${row.response} these dates.`)
    }
    // Dates that have passed can no longer be agreed (decision 061); declining them stays open.
    const acceptRefused = input.accept
      ? chainDatesAcceptRefusal({ exchangeDate: row.exchange_date, today: londonDate(new Date()) })
      : null
    if (acceptRefused) throw new AppError(acceptRefused.code, acceptRefused.message)
    const note = input.accept ? null : input.note?.trim() || null
    await tx.execute(sql`update chain_date_responses set response = ${input.accept ? 'accepted' : 'declined'},
      responded_by = ${viewer.profileId}, responded_at = now(), note = ${note}
      where proposal_id = ${proposalId} and transaction_id = ${txId}`)
    const answers = await tx.execute(
      sql`select transaction_id, response from chain_date_responses where proposal_id = ${proposalId}`,
    )
    const all = rows(z.object({ transaction_id: z.string(), response: z.enum(DATE_RESPONSES) }), answers)
    const outcome = proposalOutcome(all.map((a) => a.response))
    const dates = `exchange ${formatUkDateIso(row.exchange_date)}, completion ${formatUkDateIso(row.completion_date)}`
    const place = await placeOf(tx, txId)
    const ids = all.map((a) => a.transaction_id)
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: input.accept ? 'chain.dates_accepted' : 'chain.dates_declined',
      summary: `${input.accept ? 'accepted' : 'declined'} the chain's proposed dates (${dates})${note ? `: ${note}` : ''}`,
      payload: { proposalId },
    })
    if (outcome !== 'open') {
      await tx.execute(
        sql`update chain_date_proposals set status = ${outcome}, decided_at = now() where id = ${proposalId}`,
      )
    }
    if (outcome === 'agreed') {
      // Every move that answered becomes the agreed dates' target, all at once; moves that exchanged
      // meanwhile keep their own (actual) dates.
      const statuses = await lockMoves(tx, ids)
      const moving = ids.filter((id) => isMovingLink(statuses.get(id) ?? ''))
      if (moving.length > 0) {
        await tx.execute(sql`update transactions set exchange_date = ${row.exchange_date}::date,
          completion_date = ${row.completion_date}::date, version = version + 1, updated_at = now()
          where id in (${sql.join(
            moving.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`)
      }
      for (const id of moving) {
        await recordActivity(tx, {
          transactionId: id,
          actorId: viewer.profileId,
          kind: 'chain.dates_agreed',
          summary: `the whole chain agreed its dates: ${dates}`,
          payload: { proposalId },
        })
        // The timeline step this finishes, on each move, through the one tick path (issue 38).
        await tickTask(tx, {
          txId: id,
          task: { title: TASK_TITLES.chainDatesAgreed },
          status: 'completed',
          actorId: viewer.profileId,
          reason: `: the whole chain agreed ${dates}`,
          payload: { proposalId },
          notify: opts.notify,
        })
      }
    }
    if (outcome !== 'open') {
      await notifyChain(tx, {
        txId,
        actorId: viewer.profileId,
        title:
          outcome === 'agreed'
            ? `Your chain agreed its dates: ${dates}`
            : `The proposed chain dates were declined at ${place}`,
        body:
          outcome === 'agreed'
            ? 'Every move in the chain accepted. They are now the target dates on each move.'
            : `The move at ${place} cannot do ${dates}${note ? `: ${note}` : ''}. A conveyancer can propose new dates.`,
        only: ids,
        notify: opts.notify,
      })
    }
    const read = await readProposal(tx, txId, proposalId)
    if (!read) throw notFound('date proposal')
    return withRespond(read.summary, false)
  })
}

/**
 * POST .../chain/date-proposals/{id}/mover-answer: a buyer or seller of `txId` says whether the
 * proposed dates suit them (decision 061), with an optional note shown to the chain; they may change
 * it while the proposal is open. Recorded in `chain_date_mover_answers` and the move's audit trail;
 * the move's conveyancers (who answer for the move) are told. The chain sees the answer by role.
 * Errors: 404 a proposal the move has no say in, 403 not a buyer or seller of the move, 409 no
 * longer open.
 */
export async function answerChainDatesAsMover(opts: {
  database: Database
  viewer: Viewer
  txId: string
  proposalId: string
  input: { suits: boolean; note?: string }
  notify: NotificationDelivery
}): Promise<ChainDateProposal> {
  const { viewer, txId, proposalId, input } = opts
  return opts.database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, viewer, txId)
    const res = await tx.execute(sql`
      select d.status, d.exchange_date::text as exchange_date, d.completion_date::text as completion_date
      from chain_date_proposals d join chain_date_responses r on r.proposal_id = d.id and r.transaction_id = ${txId}
      where d.id = ${proposalId} for update of d`)
    const row = firstRow(z.object({ status: z.string(), exchange_date: z.string(), completion_date: z.string() }), res)
    if (!row) throw notFound('date proposal')
    requirePermission(
      'update:chain-dates:mover',
      isMover(role),
      "Only the buyer or the seller of this move can say whether the chain's dates suit them; conveyancers answer for the move.",
    )
    if (row.status !== 'open') {
      throw new AppError('conflict', `These dates were ${row.status} already: reload the chain to see the latest.`)
    }
    const note = input.suits ? null : input.note?.trim() || null
    await tx.execute(sql`
      insert into chain_date_mover_answers (proposal_id, transaction_id, profile_id, role, suits, note)
      values (${proposalId}, ${txId}, ${viewer.profileId}, ${role}, ${input.suits}, ${note})
      on conflict (proposal_id, transaction_id, profile_id)
      do update set suits = excluded.suits, note = excluded.note, role = excluded.role, answered_at = now()`)
    const dates = `exchange ${formatUkDateIso(row.exchange_date)}, completion ${formatUkDateIso(row.completion_date)}`
    const said = input.suits ? 'the dates suit them' : 'the dates do not suit them'
    await recordActivity(tx, {
      transactionId: txId,
      actorId: viewer.profileId,
      kind: 'chain.dates_mover_answered',
      summary: `said ${said} (${dates})${note ? `: ${note}` : ''}`,
      payload: { proposalId, suits: input.suits },
    })
    const conveyancers = await tx.execute(sql`select user_id as id from transaction_participants
      where transaction_id = ${txId} and role in ('buyer_conveyancer', 'seller_conveyancer')`)
    await notifyPeople(tx, {
      recipients: rows(z.object({ id: z.string() }), conveyancers).map((r) => r.id),
      kind: 'chain_update',
      transactionId: txId,
      actorId: viewer.profileId,
      title: `${viewer.fullName} (${role}) says ${said}`,
      body: `The chain's proposed dates: ${dates}.${note ? ` ${note}` : ''} You answer for the move on the chain page.`,
      link: chainPath(txId),
      ...opts.notify,
    })
    const read = await readProposal(tx, txId, proposalId)
    if (!read) throw notFound('date proposal')
    return withViewerAnswers(read, { viewer, txId, role })
  })
}
