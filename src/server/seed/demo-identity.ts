/**
 * The demo move's verified parties: Amelia (the buyer) verified her identity in the sandbox a month
 * ago, and Priya (her conveyancer) approved her client due diligence, which is why the demo's
 * "Buyer ID and AML checks" task is ticked. Sealed like real data (envelope encryption: the key ring
 * is configured before seeding). No images: the record says so ("has_images" false).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { addressContext, docContext } from '#server/features/verification/identity-check.ts'
import { sealJson } from '#server/features/verification/sealed-json.ts'

export async function insertDemoIdentity(
  tx: Tx,
  people: { amelia: string; priya: string; demoTransactionId: string },
  now: Date,
): Promise<void> {
  const found = await tx.execute(sql`select 1 from identity_checks where profile_id = ${people.amelia}`)
  if (found.rows.length) return
  const id = randomUUID()
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString()
  const document = {
    number: '533401372',
    surname: 'Clarke',
    given_names: 'Amelia',
    date_of_birth: '1991-06-14',
    nationality: 'GBR',
    expiry_date: '2031-09-02',
  }
  const address = { line1: 'Flat 4, 27 Victoria Street', line2: '', town: 'St Albans', postcode: 'AL1 3JJ' }
  await tx.execute(sql`insert into identity_checks (id, profile_id, status, provider, provider_check_id, document_type,
      document_sealed, document_expires_on, address_sealed, face_match, liveness, document_authentic, chip_read, confidence,
      submitted_at, completed_at,
      expires_at, created_at, updated_at)
    values (${id}, ${people.amelia}, 'verified', 'sandbox', ${`sandbox_idv_${id.replace(/-/g, '')}`}, 'passport',
      ${sealJson(document, docContext(id))}, '2031-09-02', ${sealJson(address, addressContext(id))}, true, true, true, false, 'medium',
      ${days(33)}, ${days(33)}, ${new Date(new Date(days(33)).getTime() + 365 * 86_400_000).toISOString()}, ${days(33)},
      ${days(33)})`)
  const cddId = randomUUID()
  await tx.execute(sql`insert into cdd_records (id, transaction_id, client_profile_id, side, identity_check_id,
      screening_status, screening_provider, screening_ref, screening_sealed, decision, decision_note, decided_by,
      decided_at, created_at, updated_at, nationality, residence_country)
    values (${cddId}, ${people.demoTransactionId}, ${people.amelia}, 'buyer', ${id}, 'clear', 'sandbox',
      ${`scr_demo_${cddId.replace(/-/g, '')}`}, ${sealJson([], `cdd:${cddId}:screening`)}, 'approve',
      'Passport verified by the identity provider to medium confidence (chip not read); address matches; no sanctions or PEP match.',
      ${people.priya}, ${days(32)}, ${days(33)}, ${days(32)}, 'GB', 'GB')`)
}
