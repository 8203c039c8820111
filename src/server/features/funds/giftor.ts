/**
 * The giftor's side of a gift towards the deposit (decision 037). The buyer records the gift and the
 * giftor is invited by email (inviteGiftor: the invitations machinery and the outbox, role 'giftor');
 * once they accept, they see their own gift page only (access/gifts.ts): GET /gifts/{giftId}. There
 * they verify their identity with the same "Verify my identity" check every person has (one per
 * person, reused across moves), answer where the money comes from and whether they will live in the
 * property (PUT .../declaration: the gifted-deposit declaration PDF is generated and filed as a
 * document of the move for the buyer and their conveyancer only, with a signature request naming the
 * giftor), and sign it with the built-in e-signing (POST .../sign, refused 422 until their identity is
 * verified). The signed PDF replaces it as the next version; the gift is then evidenced and its flag
 * in the funding picture clears.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import {
  GIFT_BANK_STATES,
  GIFTOR_IDENTITY_STATES,
  type GiftDeclarationInput,
  type GiftorBankCheck,
  type GiftorGift,
  type MyGifts,
  type SignGiftInput,
} from '#shared/contracts/funds.ts'
import { formatPence } from '#shared/domain/surveys.ts'
import { fundsPath, giftorGiftPath } from '#shared/paths.ts'
import { lockGiftForGiftor, readGiftForGiftor, type GiftorGift as GiftRow } from '#server/access/gifts.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { sideClientIdsSql } from '#server/access/side-clients.ts'
import { firstRow, IdRow, oneRow, rows } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import type { ESignatureProvider } from '#server/providers/e-signature/e-signature-provider.ts'
import { filePdf, storePdf, type StoredPdf } from '#server/core/documents/save-generated-pdf.ts'
import { sendInvitation } from '#server/core/invitations/create-invitation.ts'
import { limitInvitationSend } from '#server/core/invitations/invitation-limits.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { signAsSigner } from '#server/core/signing/respond-to-request.ts'
import { readObject } from '#server/core/signing/signing-context.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { OpenBankingProvider } from '#server/providers/open-banking/index.ts'
import { startProviderConsent } from './start-provider-consent'
import { consentStatusSql } from './bank-data'
import { renderGiftDeclarationPdf } from './gift-declaration-pdf'

export const IDENTITY_FIRST =
  'Verify your identity first: the buyer’s conveyancer needs it before they can rely on your declaration.'
export const ALREADY_SIGNED = 'You have already signed this declaration.'
export const ANSWER_FIRST = 'Answer the two questions first, so that the declaration can be prepared.'
const MOVE_CLOSED = (status: string) => `This move is ${status}, so the gift can no longer be declared.`

/** What the giftor's use cases need. */
export interface GiftorContext {
  database: Database
  viewer: Viewer
  storage: ObjectStorage
  provider: ESignatureProvider
  publicUrl: string
  deliverMail: boolean
  ip: string | null
}

/** Filename of a gift's declaration in the move's Mortgage folder (one per gift: the giftor's name). */
export function declarationFilename(giftorName: string): string {
  return `Gifted deposit declaration - ${giftorName.replace(/[\\/:*?"<>|]/g, ' ').slice(0, 80)}.pdf`
}

/**
 * SQL of the identity state of the profile `profile` (a column reference or a parameter), as GIFTOR_IDENTITY_STATES: their current
 * check (a verified one in date first, else the newest), 'not_started' without one. The state only:
 * the check's details stay with the person and their own conveyancer (decision 026).
 */
export function identityStateOf(profile: SQL): SQL {
  return sql`coalesce((select case when ic.status = 'verified' and ic.expires_at <= now() then 'not_started' else ic.status end
    from identity_checks ic where ic.profile_id = ${profile}
    order by (ic.status = 'verified' and ic.expires_at > now()) desc, ic.created_at desc limit 1), 'not_started')`
}

/** The move's buyers' names and its address, as the gift page and the declaration name them. */
const GiftFacts = z.object({ buyers: z.array(z.string()), address: z.string().nullable() })

/** The gift's facts, the giftor's identity state and the declaration's signature request. */
const GiftViewRow = GiftFacts.extend({
  identity: z.enum(GIFTOR_IDENTITY_STATES),
  request_status: z.string().nullable(),
  document_sha256: z.string().nullable(),
  signed_at: z.string().nullable(),
})

/** The gift page's content for its giftor. */
/** The giftor's gift as this feature reads it; the route adds the providers' labels and the banks. */
export type GiftorGiftView = Omit<GiftorGift, 'identity_provider_label' | 'banks' | 'bank'> & {
  bank: Omit<GiftorBankCheck, 'provider_label'>
}

const GiftBankRow = z.object({
  status: z.string(),
  bank_name: z.string(),
  checked_at: z.string(),
  failure_reason: z.string().nullable(),
})

/**
 * The gift's bank check (decision 069): its connected consent when there is one, else the newest
 * attempt (an unanswered one older than CONSENT_WAIT_MINUTES reads as expired); 'not_started' without one.
 */
export async function giftBankCheck(tx: Tx, giftId: string): Promise<Omit<GiftorBankCheck, 'provider_label'>> {
  const res = await tx.execute(sql`select ${consentStatusSql('c')} as status, c.bank_name,
      c.updated_at::text as checked_at, c.failure_reason
    from bank_consents c where c.gift_id = ${giftId}
    order by (c.status = 'authorised') desc, c.created_at desc limit 1`)
  const row = firstRow(GiftBankRow, res)
  if (!row) return { status: 'not_started', bank_name: null, checked_at: null, failure_reason: null }
  const status = z.enum(GIFT_BANK_STATES).parse(row.status === 'authorised' ? 'connected' : row.status)
  return {
    status,
    bank_name: row.bank_name,
    checked_at: status === 'awaiting_authorisation' ? null : new Date(row.checked_at).toISOString(),
    failure_reason: status === 'refused' || status === 'expired' ? row.failure_reason : null,
  }
}

async function giftView(tx: Tx, gift: GiftRow): Promise<GiftorGiftView> {
  const res = await tx.execute(sql`
    select (select coalesce(array_agg(p.full_name order by p.full_name), '{}') from profiles p
              where p.id in (${sideClientIdsSql(gift.transaction_id, ['buyer'])})) as buyers,
      (select array_to_string(pr.address_lines, ', ') || ', ' || pr.postcode from properties pr where pr.transaction_id = ${gift.transaction_id}) as address,
      ${identityStateOf(sql`g.giftor_profile_id`)} as identity,
      r.status as request_status, r.document_sha256, r.completed_at::text as signed_at
    from funding_gifts g left join signature_requests r on r.id = g.signature_request_id
    where g.id = ${gift.id}`)
  const row = oneRow(GiftViewRow, res)
  const bank = await giftBankCheck(tx, gift.id)
  const signed = row.request_status === 'completed'
  const status: GiftorGift['declaration']['status'] = signed
    ? 'signed'
    : row.request_status === 'pending'
      ? 'awaiting_signature'
      : 'not_prepared'
  return {
    id: gift.id,
    amount_pence: Number(gift.amount_pence),
    giftor_name: gift.giftor_name,
    relationship: gift.relationship,
    buyer_names: row.buyers,
    property_address: row.address ?? 'The property',
    move_status: gift.transaction_status,
    identity: row.identity,
    progress: signed ? 'evidenced' : row.identity === 'verified' ? 'identity_verified' : 'accepted',
    declaration: {
      status,
      source_of_money: gift.source_of_money,
      giftor_will_live: gift.giftor_will_live,
      document_sha256: status === 'not_prepared' ? null : row.document_sha256,
      signed_at: signed && row.signed_at ? new Date(row.signed_at).toISOString() : null,
    },
    bank,
  }
}

/**
 * The step left for the giftor, in the gift page's order: identity, bank, declaration; null once
 * signed (or when the move is closed and nothing more can be done).
 */
export function nextGiftorStep(gift: GiftorGiftView): MyGifts['gifts'][number]['next_step'] {
  if (gift.declaration.status === 'signed' || gift.move_status === 'completed' || gift.move_status === 'cancelled')
    return null
  if (gift.identity !== 'verified') return 'identity'
  if (gift.bank.status !== 'connected') return 'bank'
  return 'declaration'
}

/** GET /gifts: "Your gifts", every gift the viewer accepted as giftor (newest first), each as its page reads it. */
export async function listMyGifts(opts: { database: Database; viewer: Viewer }): Promise<MyGifts> {
  return opts.database.db.transaction(async (tx) => {
    const res = await tx.execute(sql`select id from funding_gifts where giftor_profile_id = ${opts.viewer.profileId}
      order by created_at desc, id`)
    const gifts: MyGifts['gifts'] = []
    for (const { id } of rows(IdRow, res)) {
      const view = await giftView(tx, await readGiftForGiftor(tx, opts.viewer, id))
      gifts.push({
        id: view.id,
        amount_pence: view.amount_pence,
        buyer_names: view.buyer_names,
        property_address: view.property_address,
        move_status: view.move_status,
        progress: view.progress,
        next_step: nextGiftorStep(view),
      })
    }
    return { gifts }
  })
}

/**
 * POST /gifts/{giftId}/bank-consents (decision 069): the giftor starts an account-information consent
 * with the bank the gift comes from, through the buyer's open-banking provider; the provider's
 * webhook settles it (bank-consents.ts), and the accounts are kept sealed as the buyer's are, for the
 * buyer's conveyancer only (giftor-checks.ts), never in the buyer's funding picture. As the buyer's
 * consent does, the partner is called between two short database transactions. 404 for anyone but
 * the giftor; 409 when the move is closed; 422 for an unknown bank or when the provider refuses.
 */
export async function startGiftBankConsent(opts: {
  database: Database
  viewer: Viewer
  giftId: string
  bankId: string
  provider: OpenBankingProvider
}): Promise<{ consent_id: string; authorise_url: string }> {
  const { provider, viewer, giftId } = opts
  const gift = await opts.database.db.transaction(async (tx) => {
    const g = await lockGiftForGiftor(tx, viewer, giftId)
    assertOpen(g)
    return g
  })
  const { bank, started } = await startProviderConsent(provider, opts.bankId, {
    reference: giftId,
    returnUrl: giftorGiftPath(giftId),
  })
  return opts.database.db.transaction(async (tx) => {
    assertOpen(await lockGiftForGiftor(tx, viewer, giftId))
    const res = await tx.execute(sql`insert into bank_consents (transaction_id, profile_id, gift_id, provider,
        provider_consent_id, bank_id, bank_name)
      values (${gift.transaction_id}, ${viewer.profileId}, ${giftId}, ${provider.name}, ${started.consentId},
        ${bank.id}, ${bank.name}) returning id`)
    const consentId = oneRow(IdRow, res).id
    await recordActivity(tx, {
      transactionId: gift.transaction_id,
      actorId: viewer.profileId,
      kind: 'funds.bank_consent_started',
      summary: 'started connecting the bank their gift comes from',
      payload: { bank: bank.name, giftId },
    })
    return { consent_id: consentId, authorise_url: started.authoriseUrl }
  })
}

/** GET /gifts/{giftId}: the giftor's own gift (404 for anyone else). */
export async function getGiftorGift(opts: {
  database: Database
  viewer: Viewer
  giftId: string
}): Promise<GiftorGiftView> {
  return opts.database.db.transaction(async (tx) => giftView(tx, await readGiftForGiftor(tx, opts.viewer, opts.giftId)))
}

/**
 * Sends (or re-sends, with a new link) the giftor's invitation, inside the buyer's write: the email
 * goes through the outbox in the same database transaction (invitations/create-invitation.ts).
 */
export async function inviteGiftor(
  tx: Tx,
  ctx: { viewer: Viewer; publicUrl: string; deliverMail: boolean },
  gift: { id: string; txId: string; email: string; amountPence: number; invitationId?: string },
): Promise<string> {
  await limitInvitationSend(tx, { profileId: ctx.viewer.profileId, txId: gift.txId, resendOf: gift.invitationId })
  return sendInvitation(tx, ctx, {
    id: gift.invitationId,
    txId: gift.txId,
    email: gift.email,
    role: 'giftor',
    organizationId: null,
    gift: { id: gift.id, amountPence: gift.amountPence },
  })
}

function assertOpen(gift: GiftRow): void {
  if (gift.transaction_status === 'completed' || gift.transaction_status === 'cancelled')
    throw new AppError('conflict', MOVE_CLOSED(gift.transaction_status))
}

/**
 * PUT /gifts/{giftId}/declaration: saves the giftor's answers and files the declaration PDF (the next
 * version of the gift's file, audience 'buyer_funds') with a signature request naming the giftor,
 * replacing (cancelling) an unsigned earlier one. 409 once signed or when the move is closed.
 */
export async function prepareGiftDeclaration(
  ctx: GiftorContext & { giftId: string; input: GiftDeclarationInput },
): Promise<GiftorGiftView> {
  const { viewer, input } = ctx
  // Set inside the transaction's callback, read after it fails: a holder, which the compiler does not narrow to null.
  const pdf: { stored: StoredPdf | null } = { stored: null }
  try {
    return await ctx.database.db.transaction(async (tx) => {
      const gift = await lockGiftForGiftor(tx, viewer, ctx.giftId)
      assertOpen(gift)
      const prior = gift.signature_request_id
        ? firstRow(
            z.object({ id: z.string(), status: z.string() }),
            await tx.execute(
              sql`select id, status from signature_requests where id = ${gift.signature_request_id} for update`,
            ),
          )
        : undefined
      if (prior?.status === 'completed') throw new AppError('conflict', ALREADY_SIGNED)
      const people = await tx.execute(sql`
        select (select coalesce(array_agg(p.full_name order by p.full_name), '{}') from profiles p
                  where p.id in (${sideClientIdsSql(gift.transaction_id, ['buyer'])})) as buyers,
          (select array_to_string(pr.address_lines, ', ') || ', ' || pr.postcode from properties pr where pr.transaction_id = ${gift.transaction_id}) as address`)
      const facts = oneRow(GiftFacts, people)
      const bytes = await renderGiftDeclarationPdf({
        giftorName: viewer.fullName,
        giftorEmail: viewer.email,
        relationship: gift.relationship,
        buyerNames: facts.buyers,
        propertyAddress: facts.address ?? 'the property',
        amountPence: Number(gift.amount_pence),
        sourceOfMoney: input.source_of_money,
        giftorWillLive: input.giftor_will_live,
        preparedAt: new Date(),
      })
      const stored = await storePdf(ctx.storage, gift.transaction_id, bytes)
      pdf.stored = stored
      const doc = await filePdf(tx, {
        txId: gift.transaction_id,
        folder: 'Mortgage',
        filename: declarationFilename(gift.giftor_name),
        stored,
        actorId: viewer.profileId,
        summary: 'prepared a gifted-deposit declaration to sign (the buyer and their conveyancer see it)',
        audience: 'buyer_funds',
        ip: ctx.ip,
      })
      if (prior?.status === 'pending')
        await tx.execute(
          sql`update signature_requests set status = 'cancelled', cancelled_at = now() where id = ${prior.id}`,
        )
      const req = await tx.execute(sql`
        insert into signature_requests (transaction_id, document_id, document_sha256, provider, requested_by, in_order, page, message)
        values (${gift.transaction_id}, ${doc.id}, ${stored.sha256}, ${ctx.provider.name}, ${gift.created_by}, false, null,
          'Gifted-deposit declaration')
        returning id`)
      const reqId = oneRow(IdRow, req).id
      await tx.execute(
        sql`insert into signature_request_signers (request_id, user_id, sort_index) values (${reqId}, ${viewer.profileId}, 0)`,
      )
      await tx.execute(sql`update funding_gifts set source_of_money = ${input.source_of_money},
          giftor_will_live = ${input.giftor_will_live}, document_id = ${doc.id}, signature_request_id = ${reqId}
        where id = ${gift.id}`)
      await recordActivity(tx, {
        transactionId: gift.transaction_id,
        actorId: viewer.profileId,
        kind: 'signature.requested',
        // The gift's declaration: the buyer and their conveyancer only (decision 052).
        audience: 'buyer_funds',
        summary: 'asked to sign their gifted-deposit declaration',
        payload: { requestId: reqId, documentId: doc.id, documentSha256: stored.sha256, giftId: gift.id },
        ip: ctx.ip,
      })
      return giftView(tx, await readGiftForGiftor(tx, viewer, gift.id))
    })
  } catch (err) {
    await pdf.stored?.discard()
    throw err
  }
}

/** GET /gifts/{giftId}/declaration.pdf: the current version (to sign, or signed) for its giftor. 404 before it is prepared. */
export async function giftDeclarationFile(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  giftId: string
}): Promise<{ bytes: Buffer; filename: string }> {
  const { storageKey, filename } = await opts.database.db.transaction(async (tx) => {
    const gift = await readGiftForGiftor(tx, opts.viewer, opts.giftId)
    if (!gift.document_id) throw new AppError('not_found', ANSWER_FIRST)
    const res = await tx.execute(sql`select storage_key, filename from documents where id = ${gift.document_id}`)
    const row = oneRow(z.object({ storage_key: z.string(), filename: z.string() }), res)
    return { storageKey: row.storage_key, filename: row.filename }
  })
  return { bytes: (await readObject(opts.storage, storageKey)).bytes, filename }
}

/**
 * POST /gifts/{giftId}/sign: the giftor signs the version they read (the shared signing: consent,
 * typed or drawn, bound to the version's SHA-256; the built-in provider renders the signed PDF as the
 * next version, which keeps its buyer-side audience). Refused 422 until their identity is verified;
 * 409 for another version or once signed. In the same database transaction the gift records the
 * signed document and the identity check it relied on, and the buyer is told.
 */
export async function signGiftDeclaration(
  ctx: GiftorContext & { giftId: string; input: SignGiftInput },
): Promise<GiftorGiftView> {
  const { viewer } = ctx
  const gift = await ctx.database.db.transaction((tx) => readGiftForGiftor(tx, viewer, ctx.giftId))
  if (!gift.signature_request_id) throw new AppError('unprocessable', ANSWER_FIRST)
  await signAsSigner({
    ...ctx,
    txId: gift.transaction_id,
    reqId: gift.signature_request_id,
    input: ctx.input,
    userAgent: null,
    completionLink: `${ctx.publicUrl}${fundsPath(gift.transaction_id)}`,
    lockMove: async (tx) => {
      const locked = await lockGiftForGiftor(tx, viewer, ctx.giftId)
      assertOpen(locked)
      if (locked.signature_request_id !== gift.signature_request_id)
        throw new AppError(
          'conflict',
          'The declaration changed while you were signing. Read the new version, then sign.',
        )
      const state = await tx.execute(sql`select ${identityStateOf(sql`${viewer.profileId}::uuid`)} as identity`)
      if (oneRow(z.object({ identity: z.string() }), state).identity !== 'verified')
        throw new AppError('unprocessable', IDENTITY_FIRST)
    },
    afterComplete: async (tx, signedDocumentId) => {
      const check = await tx.execute(sql`select id from identity_checks where profile_id = ${viewer.profileId}
        and status = 'verified' and expires_at > now() order by created_at desc limit 1`)
      await tx.execute(sql`update funding_gifts set document_id = ${signedDocumentId},
          identity_check_id = ${oneRow(IdRow, check).id} where id = ${gift.id}`)
      await recordActivity(tx, {
        transactionId: gift.transaction_id,
        actorId: viewer.profileId,
        kind: 'funds.gift_evidenced',
        summary: 'verified their identity and signed their gifted-deposit declaration',
        payload: { giftId: gift.id, documentId: signedDocumentId },
      })
      const buyers = await tx.execute(sql`select buyer_user_id as id from transactions where id = ${gift.transaction_id}
        and buyer_user_id is not null
        union select user_id from transaction_participants where transaction_id = ${gift.transaction_id} and role in ('buyer', 'buyer_conveyancer')`)
      await notifyPeople(tx, {
        recipients: rows(IdRow, buyers).map((r) => r.id),
        kind: 'funds_review',
        transactionId: gift.transaction_id,
        actorId: viewer.profileId,
        title: `${gift.giftor_name} signed the gifted-deposit declaration`,
        body: `The gift of ${formatPence(Number(gift.amount_pence))} is evidenced: identity verified and declaration signed.`,
        link: fundsPath(gift.transaction_id),
        publicUrl: ctx.publicUrl,
        deliverMail: ctx.deliverMail,
      })
    },
  })
  return ctx.database.db.transaction(async (tx) => giftView(tx, await readGiftForGiftor(tx, viewer, ctx.giftId)))
}
