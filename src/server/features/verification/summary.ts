/**
 * GET /api/transactions/{txId}/verification: the identity and CDD badges on People, for the parties
 * whose results the viewer may see (themselves; every client of the side they are instructed for),
 * and, for a buyer or seller, the checklist of what is left for them on Overview. Badges are a list
 * by kind: identity, CDD, and for a buyer the source of funds (features/funds).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Badge, ChecklistItem, VerificationSummary } from '#shared/contracts/verification.ts'
import { CDD_DECISIONS, cddBadge, identityBadge } from '#shared/domain/client-due-diligence.ts'
import type { FundsStatus } from '#shared/domain/source-of-funds.ts'
import { conveyancerSideOfViewer } from '#server/access/verification.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { rows } from '#server/db/rows.ts'
import type { Providers } from './cdd-record'
import { identityStateOf } from './cdd-record'
import { currentCheck } from './identity-check'
import type { VerificationPorts } from './ports'

const IDENTITY_HINTS: Record<string, string> = {
  not_started: 'Takes about 5 minutes: your passport or driving licence, a selfie and your address.',
  in_progress: 'Pick up where you stopped.',
  processing: 'The identity provider is checking; this usually takes a minute.',
  verified: 'Done: it serves all your moves until it expires.',
  needs_review: 'Your conveyancer is reviewing it.',
  failed: 'It did not pass: see what to do next and try again.',
}

const FUNDS_HINTS: Record<FundsStatus, string> = {
  not_started: 'Connect your bank (read-only) and add your mortgage and any gifts: your conveyancer needs it.',
  in_progress: 'Pick up where you stopped: connect a bank or explain what is flagged.',
  verified: 'Done: your conveyancer is satisfied with your source of funds.',
  needs_review: 'Your conveyancer is reviewing it, or has asked for more.',
}

/** A party of the move and their side (null for a participant who is neither buyer nor seller). */
const PersonRow = z.object({ id: z.string(), full_name: z.string(), side: z.enum(['buyer', 'seller']).nullable() })

export async function getVerificationSummary(opts: {
  database: Database
  viewer: Viewer
  txId: string
  providers: Providers
  ports: VerificationPorts
}): Promise<VerificationSummary> {
  return opts.database.db.transaction(async (tx) => {
    const mySide = await conveyancerSideOfViewer(tx, opts.viewer, opts.txId)
    const people = await tx.execute(sql`
      select x.id, p.full_name, x.side from (
        select buyer_user_id as id, 'buyer' as side from transactions where id = ${opts.txId} and buyer_user_id is not null
        union select seller_user_id, 'seller' from transactions where id = ${opts.txId} and seller_user_id is not null
        union select user_id, case role when 'buyer' then 'buyer' when 'seller' then 'seller' end
          from transaction_participants where transaction_id = ${opts.txId}
      ) x join profiles p on p.id = x.id order by x.side nulls last, p.full_name`)
    const bySide = new Map<string, z.infer<typeof PersonRow>>()
    for (const r of rows(PersonRow, people)) {
      const seen = bySide.get(r.id)
      if (!seen || (!seen.side && r.side)) bySide.set(r.id, r)
    }
    const records = await tx.execute(
      sql`select client_profile_id, decision from cdd_records where transaction_id = ${opts.txId}`,
    )
    const decisions = new Map(
      rows(z.object({ client_profile_id: z.string(), decision: z.enum(CDD_DECISIONS).nullable() }), records).map(
        (r) => [r.client_profile_id, r],
      ),
    )
    // The buyer's source of funds joins the buyer's badges (features/funds; no bank data, a status only).
    const funds = new Map(
      (await opts.ports.fundsStatusesOf(tx, opts.txId)).parties.map((p) => [p.profile_id, p.status]),
    )
    const parties: VerificationSummary['parties'] = []
    let checklist: ChecklistItem[] | null = null
    for (const person of bySide.values()) {
      const self = person.id === opts.viewer.profileId
      const instructed = !!person.side && mySide === person.side
      if (!self && !instructed) continue
      const check = await currentCheck(tx, person.id)
      const identity = identityStateOf(check, false)
      const badges: Badge[] = [{ kind: 'identity', label: 'Identity', state: identityBadge(identity) }]
      if (person.side) badges.push({ kind: 'cdd', label: 'CDD', state: cddBadge(decisions.get(person.id) ?? null) })
      const fundsStatus = person.side === 'buyer' ? funds.get(person.id) : undefined
      if (fundsStatus) badges.push({ kind: 'funds', label: 'Funds', state: fundsStatus })
      parties.push({
        profile_id: person.id,
        full_name: person.full_name,
        side: person.side,
        client: !!person.side,
        badges,
        can_review_cdd: instructed,
      })
      if (self && person.side) {
        checklist = [
          {
            key: 'identity',
            label: 'Verify your identity',
            done: identity === 'verified',
            hint: IDENTITY_HINTS[identity] ?? '',
          },
          ...(fundsStatus
            ? [
                {
                  key: 'funds',
                  label: 'Show where your money comes from',
                  done: fundsStatus === 'verified',
                  hint: FUNDS_HINTS[fundsStatus],
                },
              ]
            : []),
        ]
      }
    }
    return { provider_label: opts.providers.identity.label, parties, checklist }
  })
}
