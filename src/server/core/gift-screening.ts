/**
 * Sanctions and PEP screening of a giftor (decision 069): the same provider and rule as a client's
 * CDD screening (features/verification/cdd-record.ts), kept on the gift (funding_gifts.screening_*)
 * because a giftor is not a client of the move. Screening starts when the giftor's identity is
 * verified (features/verification/webhooks.ts) under the name on their document, and its result comes
 * back by the provider's webhook to the reference saved here. The matches are sealed (context
 * `gift:<id>:screening`); only the buyer's conveyancer reads them (features/funds/giftor-checks.ts).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { SCREENING_STATES } from '#shared/domain/client-due-diligence.ts'
import type { Tx } from '#server/db/client.ts'
import { firstRow, IdRow, rows } from '#server/db/rows.ts'
import { encryptionKeyRing, openEnvelopeText, sealEnvelope } from '#server/platform/encryption/envelope.ts'
import type {
  ScreeningMatch,
  ScreeningRequest,
} from '#server/providers/sanctions-screening/sanctions-screening-provider.ts'

/** The one rule reading a screening's matches: any sanctions entry is a possible match; a PEP entry flags PEP. */
export function screeningOutcome(matches: ScreeningMatch[]): {
  status: Exclude<(typeof SCREENING_STATES)[number], 'pending'>
  sanctions: boolean
  pep: boolean
} {
  const sanctions = matches.some((m) => m.list === 'sanctions')
  return { status: sanctions ? 'possible_match' : 'clear', sanctions, pep: matches.some((m) => m.list === 'pep') }
}

const giftScreeningContext = (giftId: string) => `gift:${giftId}:screening`

/** The screening reference format shared with CDD records (`scr_` and 32 hex digits). */
export const newScreeningReference = () => `scr_${randomUUID().replace(/-/g, '')}`

/**
 * Prepares a fresh screening for each gift of `profileId` on a move still open, under `subject` (the
 * name and date of birth on their verified document). The caller sends the returned requests once its
 * database transaction has committed, so that no answer arrives before its reference is visible.
 */
export async function prepareGiftScreenings(
  tx: Tx,
  providerName: string,
  profileId: string,
  subject: { fullName: string; dateOfBirth: string | null },
): Promise<ScreeningRequest[]> {
  const res = await tx.execute(sql`select g.id from funding_gifts g join transactions t on t.id = g.transaction_id
    where g.giftor_profile_id = ${profileId} and t.status not in ('completed', 'cancelled') order by g.id for update of g`)
  const requests: ScreeningRequest[] = []
  for (const { id } of rows(IdRow, res)) {
    const reference = newScreeningReference()
    await tx.execute(sql`update funding_gifts set screening_status = 'pending', screening_provider = ${providerName},
        screening_ref = ${reference}, screening_sealed = null, sanctions_match = false, pep = false, screened_at = null
      where id = ${id}`)
    requests.push({ reference, ...subject })
  }
  return requests
}

/** Applies a screening result to the gift waiting for `reference`; false when none is. */
export async function applyGiftScreening(tx: Tx, reference: string, matches: ScreeningMatch[]): Promise<boolean> {
  const res = await tx.execute(sql`select id from funding_gifts where screening_ref = ${reference} for update`)
  const id = firstRow(IdRow, res)?.id
  if (!id) return false
  const outcome = screeningOutcome(matches)
  const sealed = sealEnvelope(encryptionKeyRing(), JSON.stringify(matches), giftScreeningContext(id))
  await tx.execute(sql`update funding_gifts set screening_status = ${outcome.status}, screening_sealed = ${sealed},
      sanctions_match = ${outcome.sanctions}, pep = ${outcome.pep}, screened_at = now() where id = ${id}`)
  return true
}

const Match = z.object({ list: z.enum(['sanctions', 'pep']), name: z.string(), score: z.number(), detail: z.string() })

/** Opens a gift's sealed matches (an empty list before a result). Throws EnvelopeError for a value of another row. */
export function openGiftScreening(giftId: string, sealed: string | null): ScreeningMatch[] {
  if (sealed === null) return []
  return z.array(Match).parse(JSON.parse(openEnvelopeText(encryptionKeyRing(), sealed, giftScreeningContext(giftId))))
}
