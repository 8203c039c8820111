/**
 * The demo conveyancer's day (issue 40 item 4, decision 071): on one of Priya's purchase matters the
 * seller's conveyancer is a directory firm's conveyancer on Homeward, and Priya has raised three
 * pre-contract enquiries through the real raise path (`raiseEnquiries`: numbers, reply clocks, the
 * enquiry tasks, the activity log and the notifications agree). The seller's conveyancer has answered
 * one through the real reply path (`replyToEnquiry`), so it waits for Priya's review; two await
 * replies. The matter's client, Olivia Bennett, has an account, and her identity check came back from
 * the sandbox provider in manual review (written as the provider's webhook writes it: status
 * `needs_review`, confidence low, the sandbox's reason and sealed result), so Priya has a manual
 * review to resolve on the client's CDD record. Raised and answered at seed time (the raise path
 * stamps now()); the check was submitted the day before `now`.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { raiseEnquiries } from '#server/features/enquiries/raise-enquiries.ts'
import { replyToEnquiry } from '#server/features/enquiries/change-enquiry.ts'
import { ensureCddRecord } from '#server/features/verification/cdd-record.ts'
import { addressContext, docContext, resultContext } from '#server/features/verification/identity-check.ts'
import { sealJson } from '#server/features/verification/sealed-json.ts'
import { sandboxIdentityResult } from '#server/providers/identity-verification/sandbox-provider.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts'
import { DEMO_TRANSACTION_ID } from './demo-transaction'
import { DEMO_FIRM_ID } from './organizations'

const DAY_MS = 86_400_000

/** The client of the matter whose identity check is in manual review: signs in like the demo accounts. */
export const DEMO_REVIEW_CLIENT: DemoAccount = {
  label: 'Client in manual review',
  name: 'Olivia Bennett',
  email: 'olivia.bennett@homeward.example',
  password: DEMO_PASSWORD,
  role: 'consumer_buyer',
}

/** The enquiries Priya raises on the matter, in order; the first is answered. */
export const DEMO_CONVEYANCER_ENQUIRIES = [
  {
    category: 'property_information' as const,
    body: 'Please confirm who maintains the rear boundary fence and whether there have been any disputes about it.',
    reply:
      'The seller has always maintained the rear fence and replaced it in 2021; there have been no disputes with the neighbours.',
  },
  {
    category: 'planning_building_control' as const,
    body: 'Please supply the FENSA certificate for the replacement windows fitted in 2018.',
  },
  {
    category: 'property_information' as const,
    body: 'Please confirm the date of the last boiler service and supply the Gas Safe record.',
  },
]

const Row = z.object({
  tx_id: z.string(),
  priya: z.string(),
  priya_auth: z.string(),
  priya_name: z.string(),
  priya_email: z.string(),
})
const Seat = z.object({ user_id: z.string(), organization_id: z.string(), full_name: z.string(), email: z.string() })

/** A viewer for a seed write made through a feature's own path (no session: `sessionId` says so). */
function seedViewer(p: { profileId: string; authId: string; email: string; fullName: string }): Viewer {
  return { ...p, emailVerified: true, roles: ['pro_conveyancer'], sessionId: 'demo-seed' }
}

/**
 * Writes the day once: skipped when the client's identity check already exists. `clientProfileId`
 * is the review client's profile (its account is created by the caller through Better Auth).
 * Returns the matter's transaction id, or null when the demo firm has no matter to use.
 */
export async function seedDemoConveyancerDay(opts: {
  database: Database
  clientProfileId: string
  now: Date
  publicUrl: string
  /** The seed's advisory lock: of two concurrent seeders, one writes the day. */
  lockKey: number
}): Promise<string | null> {
  const { database, clientProfileId, now, publicUrl, lockKey } = opts
  const [done] = await database.query(`select 1 from identity_checks where profile_id = $1`, [clientProfileId])
  if (done) return null
  // Priya's earliest-instructed purchase matter besides the demo move, with its contract pack stage done.
  const [matter] = await database.query<z.input<typeof Row>>(
    `select m.transaction_id as tx_id, p.id as priya, u.id as priya_auth, u.name as priya_name, lower(u.email) as priya_email
     from matters m join profiles p on p.id = m.fee_earner_id join "user" u on lower(u.email) = lower(p.email)
     join transactions t on t.id = m.transaction_id
     where m.organization_id = $1 and m.side = 'buyer' and m.transaction_id <> $2 and t.status = 'active'
       and not exists (select 1 from enquiries e where e.transaction_id = m.transaction_id)
       and lower(p.email) = $3
     order by m.instructed_at, m.id limit 1`,
    [DEMO_FIRM_ID, DEMO_TRANSACTION_ID, DEMO_ACCOUNTS.find((a) => a.label === 'Conveyancer')!.email.toLowerCase()],
  )
  if (!matter) return null
  const { tx_id: txId } = Row.parse(matter)
  const priya = seedViewer({
    profileId: matter.priya,
    authId: matter.priya_auth,
    email: matter.priya_email,
    fullName: matter.priya_name,
  })
  // A conveyancer of another law firm in the directory, acting for the seller.
  const [seatRow] = await database.query<z.input<typeof Seat>>(
    `select tp.user_id, tp.organization_id, p.full_name, coalesce(p.email, '') as email
     from transaction_participants tp join organizations o on o.id = tp.organization_id and o.type = 'law'
     join profiles p on p.id = tp.user_id
     where tp.organization_id <> $1 and tp.role in ('buyer_conveyancer', 'seller_conveyancer')
     order by tp.user_id limit 1`,
    [DEMO_FIRM_ID],
  )
  if (!seatRow) return null
  const seat = Seat.parse(seatRow)
  const day = (n: number) => new Date(now.getTime() - n * DAY_MS).toISOString()

  const won = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`)
    const again = await tx.execute(sql`select 1 from identity_checks where profile_id = ${clientProfileId}`)
    if (again.rows.length) return false
    await tx.execute(sql`insert into transaction_participants (transaction_id, user_id, role, organization_id, created_at)
      values (${txId}, ${seat.user_id}, 'seller_conveyancer', ${seat.organization_id}, ${day(20)})`)
    await tx.execute(sql`insert into transaction_participants (transaction_id, user_id, role, invited_by, created_at)
      values (${txId}, ${clientProfileId}, 'buyer', ${priya.profileId}, ${day(3)})`)
    await tx.execute(sql`update transactions set buyer_user_id = ${clientProfileId} where id = ${txId}`)
    await tx.execute(sql`update matters set client_name = ${DEMO_REVIEW_CLIENT.name},
        client_email = ${DEMO_REVIEW_CLIENT.email} where transaction_id = ${txId} and organization_id = ${DEMO_FIRM_ID}`)
    // Her identity check, as the sandbox's webhook records a "Manualreview" result (webhooks.ts).
    const id = randomUUID()
    const result = sandboxIdentityResult({
      checkId: id,
      documentType: 'passport',
      surname: 'Manualreview',
      givenNames: 'Olivia',
      dateOfBirth: '1988-03-02',
      documentNumber: '548812204',
      documentExpiresOn: '2030-05-19',
      documentImage: { contentType: 'image/jpeg', bytes: Buffer.alloc(0) },
      selfieImage: { contentType: 'image/jpeg', bytes: Buffer.alloc(0) },
      address: { lines: ['22 Hatfield Road'], postcode: 'AL1 3RL' },
    })
    const document = {
      number: '548812204',
      surname: 'Bennett',
      given_names: 'Olivia',
      date_of_birth: '1988-03-02',
      nationality: 'GBR',
      expiry_date: '2030-05-19',
    }
    const address = { line1: '22 Hatfield Road', line2: '', town: 'St Albans', postcode: 'AL1 3RL' }
    await tx.execute(sql`insert into identity_checks (id, profile_id, status, provider, provider_check_id, document_type,
        document_sealed, document_expires_on, address_sealed, face_match, liveness, document_authentic, chip_read,
        confidence, failure_reason, result_sealed, submitted_at, completed_at, expires_at, created_at, updated_at)
      values (${id}, ${clientProfileId}, ${result.outcome}, 'sandbox', ${result.providerCheckId}, 'passport',
        ${sealJson(document, docContext(id))}, '2030-05-19', ${sealJson(address, addressContext(id))}, ${result.faceMatch},
        ${result.liveness}, ${result.documentAuthentic}, ${result.chipRead}, ${result.confidence}, ${result.failureReason},
        ${sealJson(result, resultContext(id))}, ${day(1)}, ${day(1)}, null, ${day(1)}, ${day(1)})`)
    await ensureCddRecord(tx, txId, clientProfileId, 'buyer')
    return true
  })
  if (!won) return null

  const ctx = { viewer: priya, txId, publicUrl, deliverMail: false }
  const { ids } = await raiseEnquiries(database, ctx, {
    enquiries: DEMO_CONVEYANCER_ENQUIRIES.map((e) => ({ category: e.category, body: e.body, document_ids: [] })),
  })
  const seller = seedViewer({
    profileId: seat.user_id,
    authId: seat.user_id,
    email: seat.email,
    fullName: seat.full_name,
  })
  await replyToEnquiry(
    database,
    { viewer: seller, txId, publicUrl, deliverMail: false },
    { enquiryId: ids[0], version: 1, body: DEMO_CONVEYANCER_ENQUIRIES[0].reply! },
  )
  return txId
}
