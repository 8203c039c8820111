/** Reading a chain date proposal: the open one for a move (else its latest), with every move's answer and its movers' answers. */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ChainDateProposal } from '#shared/contracts/chains.ts'
import { chainPlace, DATE_PROPOSAL_STATUSES, DATE_RESPONSES, type DateResponse } from '#shared/domain/chains.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, rows } from '#server/db/rows.ts'

export interface ProposalRead {
  summary: Omit<ChainDateProposal, 'can_respond'>
  /** Each move's answer, by transaction id. */
  responses: Map<string, { response: DateResponse; note: string | null }>
  /** The movers' own answers (do the dates suit them), by transaction id, buyers first. */
  moverAnswers: Map<string, MoverAnswer[]>
}

/** One buyer's or seller's answer to a proposal on one move. */
export interface MoverAnswer {
  profileId: string
  name: string
  role: 'buyer' | 'seller'
  suits: boolean
  note: string | null
}

/**
 * The proposal `txId` has a say in: the open one if any, else the latest (or the one `proposalId`
 * names); null when none. Dates as ISO dates, times as ISO timestamps in UTC.
 */
export async function readProposal(tx: Tx, txId: string, proposalId?: string): Promise<ProposalRead | null> {
  const res = await tx.execute(sql`
    select d.id, d.exchange_date::text as exchange_date, d.completion_date::text as completion_date, d.status,
      to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
      p.address_lines, p.postcode
    from chain_date_proposals d
    join chain_date_responses r on r.proposal_id = d.id and r.transaction_id = ${txId}
    left join properties p on p.transaction_id = d.proposed_from
    ${proposalId ? sql`where d.id = ${proposalId}` : sql``}
    order by (d.status = 'open') desc, d.created_at desc limit 1`)
  const row = firstRow(
    z.object({
      id: z.string(),
      exchange_date: z.string(),
      completion_date: z.string(),
      status: z.enum(DATE_PROPOSAL_STATUSES),
      created_at: z.string(),
      address_lines: z.array(z.string()).nullable(),
      postcode: z.string().nullable(),
    }),
    res,
  )
  if (!row) return null
  const answers = await tx.execute(
    sql`select transaction_id, response, note from chain_date_responses where proposal_id = ${row.id}`,
  )
  const movers = await tx.execute(sql`
    select a.transaction_id, a.profile_id, p.full_name as name, a.role, a.suits, a.note
    from chain_date_mover_answers a join profiles p on p.id = a.profile_id
    where a.proposal_id = ${row.id} order by a.role, a.answered_at`)
  const moverAnswers = new Map<string, MoverAnswer[]>()
  for (const a of rows(
    z.object({
      transaction_id: z.string(),
      profile_id: z.string(),
      name: z.string(),
      role: z.enum(['buyer', 'seller']),
      suits: z.boolean(),
      note: z.string().nullable(),
    }),
    movers,
  )) {
    const list = moverAnswers.get(a.transaction_id) ?? []
    list.push({ profileId: a.profile_id, name: a.name, role: a.role, suits: a.suits, note: a.note })
    moverAnswers.set(a.transaction_id, list)
  }
  return {
    moverAnswers,
    summary: {
      id: row.id,
      exchange_date: row.exchange_date,
      completion_date: row.completion_date,
      status: row.status,
      proposed_from: chainPlace(row.address_lines ?? [], row.postcode ?? ''),
      created_at: row.created_at,
    },
    responses: new Map(
      rows(
        z.object({ transaction_id: z.string(), response: z.enum(DATE_RESPONSES), note: z.string().nullable() }),
        answers,
      ).map((a) => [a.transaction_id, { response: a.response, note: a.note }]),
    ),
  }
}
