/**
 * Data rights through the API, on disk and on S3 storage (s3rver), on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL: the export ZIP (README, JSON, every uploaded version's exact
 * bytes; own data only), and account deletion (typed confirmation and password, anonymised everywhere
 * the other parties look, AML-retained documents still downloadable, old cookie 401, the email free
 * to sign up again, a wrong password changes nothing, sole drafts emptied and their files removed).
 */
import { createHash } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DELETED_USER_NAME } from '#shared/contracts/data-rights.ts'
import { createTransaction } from '#server/test/factories.ts'
import { storageFor } from '#server/platform/storage/index.ts'
import { startTestS3, type TestS3 } from '#server/platform/storage/test-s3rver.ts'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'
import { unzip } from '#server/test/unzip.ts'
import { makePdf, PNG } from '#server/test/test-files.ts'
import { JPEG_BASE64, passportMrzLine } from '#server/test/test-identity.ts'
import { deletedEmailFor } from './delete-account'

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

for (const driver of ['disk', 's3'] as const) {
  describe(`data rights on ${driver} storage`, () => {
    let t: TestApp
    let s3: TestS3 | undefined
    let dataDir: string

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'homeward-data-rights-'))
      if (driver === 's3') s3 = await startTestS3()
      t = await createTestApp({ config: { dataDir, ...s3?.config } })
    })
    afterAll(async () => {
      await t?.close()
      await s3?.close()
      rmSync(dataDir, { recursive: true, force: true })
    })

    async function upload(as: TestUser, txId: string, body: Buffer, filename: string, folder = 'Property') {
      const qs = new URLSearchParams({ folder, filename })
      const res = await t.app.request(`/api/transactions/${txId}/documents?${qs}`, {
        method: 'POST',
        headers: { cookie: as.cookie, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(body),
      })
      expect(res.status, await res.clone().text()).toBe(201)
      return (await res.json()) as { id: string; version: number; sha256: string }
    }

    async function general(as: TestUser, txId: string) {
      const res = await t.request(`/api/transactions/${txId}/threads`, { as })
      return ((await res.json()) as { threads: Array<{ id: string; topic: string }> }).threads.find(
        (th) => th.topic === 'general',
      )!.id
    }

    async function post(as: TestUser, txId: string, body: string) {
      const res = await t.request(`/api/transactions/${txId}/threads/${await general(as, txId)}/messages`, {
        as,
        json: { body_md: body },
      })
      expect(res.status, await res.clone().text()).toBe(201)
    }

    /** The stored bytes of a document version, through its short-lived link. */
    async function download(as: TestUser, txId: string, docId: string): Promise<Buffer> {
      const link = (await (await t.request(`/api/transactions/${txId}/documents/${docId}/url`, { as })).json()) as {
        url: string
      }
      return Buffer.from(await (await t.request(link.url, { as })).arrayBuffer())
    }

    /** A move between a seller and a buyer with their conveyancer, as the factories make it. */
    async function move() {
      const [seller, buyer, conveyancer] = await Promise.all([
        t.signUp({ role: 'seller', name: `Sally Seller ${driver}` }),
        t.signUp({ role: 'buyer', name: `Bob Buyer ${driver}` }),
        t.signUp({ role: 'conveyancer', name: 'Cara Conveyancer' }),
      ])
      const { transactionId: txId } = await createTransaction(t.database, {
        buyerProfileId: buyer.profileId,
        sellerProfileId: seller.profileId,
        participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
      })
      return { seller, buyer, conveyancer, txId }
    }

    async function exportZip(as: TestUser | null) {
      return t.request('/api/account/export', { as })
    }

    describe('download my data', () => {
      it('export contains README, JSON of the account and every uploaded version, byte for byte', async () => {
        const { seller, buyer, txId } = await move()
        const v1 = await makePdf('TA6 first draft')
        const v2 = await makePdf('TA6 second draft', 2)
        const d1 = await upload(seller, txId, v1, 'TA6.pdf')
        const d2 = await upload(seller, txId, v2, 'TA6.pdf')
        expect(d2.version).toBe(2)
        const photo = await upload(seller, txId, PNG, 'Front: "door".png', 'Fixtures')
        await upload(buyer, txId, await makePdf('Mortgage offer'), 'Offer.pdf', 'Mortgage')
        await post(seller, txId, 'Keys are with the agent')
        const asked = await t.request('/api/support/messages', { as: seller, json: { body: 'Where is my TA6?' } })
        expect(asked.status).toBe(201)

        const res = await exportZip(seller)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toBe('application/zip')
        expect(res.headers.get('cache-control')).toBe('no-store')
        expect(res.headers.get('content-disposition')).toMatch(
          /^attachment; filename="homeward-data-\d{4}-\d{2}-\d{2}\.zip"$/,
        )
        const entries = await unzip(Buffer.from(await res.arrayBuffer()))
        const names = [...entries.keys()]
        expect(names.slice(0, 1)).toEqual(['README.txt'])
        for (const f of [
          'account.json',
          'sessions.json',
          'security-events.json',
          'transactions.json',
          'messages.json',
          'notifications.json',
          'invitations.json',
          'signatures.json',
          'activity.json',
          'support.json',
          'documents.json',
        ]) {
          expect(names).toContain(f)
          expect(entries.get('README.txt')!.toString()).toContain(f)
        }
        const json = (name: string) => JSON.parse(entries.get(name)!.toString())
        expect(json('account.json').user).toMatchObject({ email: seller.email, name: seller.name })
        expect(json('account.json').profile).toMatchObject({ id: seller.profileId, full_name: seller.name })
        expect(JSON.stringify(json('account.json'))).not.toMatch(/password|token|secret/i)
        expect(JSON.stringify(json('sessions.json'))).not.toMatch(/token/i)
        expect(json('transactions.json')).toEqual([
          expect.objectContaining({ id: txId, you_are_seller: true, your_participant_role: 'seller' }),
        ])
        expect(json('messages.json').map((m: { body_md: string }) => m.body_md)).toEqual(['Keys are with the agent'])
        expect(json('support.json')).toEqual([expect.objectContaining({ author: 'member', body: 'Where is my TA6?' })])
        const docs = json('documents.json') as Array<{ id: string; path_in_zip: string; sha256: string }>
        // Only what the seller uploaded: the buyer's mortgage offer is not theirs to export.
        expect(docs.map((d) => d.id).sort()).toEqual([d1.id, d2.id, photo.id].sort())
        const bytes = (id: string) => entries.get(docs.find((d) => d.id === id)!.path_in_zip)!
        expect(bytes(d1.id).equals(v1)).toBe(true)
        expect(bytes(d2.id).equals(v2)).toBe(true)
        expect(bytes(photo.id).equals(PNG)).toBe(true)
        for (const d of docs) expect(sha(entries.get(d.path_in_zip)!)).toBe(d.sha256)
        expect(docs.find((d) => d.id === photo.id)!.path_in_zip).toBe(`files/${txId}/Fixtures/v1-Front_ _door_.png`)
        expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(3)

        const events = await t.request('/api/account/security-events', { as: seller })
        expect(((await events.json()) as { events: Array<{ kind: string }> }).events[0].kind).toBe('data.exported')
      })

      it('the export holds the person’s own identity checks, opened, without the images', async () => {
        const { seller, buyer } = await move()
        const image = { content_type: 'image/jpeg', data_base64: JPEG_BASE64 }
        const start = await t.request('/api/me/identity-check', { as: seller, method: 'POST' })
        const { id } = (await start.json()) as { id: string }
        const step = (name: string, json: unknown) =>
          t.request(`/api/me/identity-check/${id}/${name}`, { as: seller, method: 'PUT', json })
        const document = {
          document_type: 'passport',
          surname: 'Seller',
          given_names: 'Sally',
          mrz_line: passportMrzLine(),
        }
        expect((await step('document', { ...document, image })).status).toBe(200)
        expect((await step('selfie', { image })).status).toBe(200)
        expect((await step('address', { line1: '1 Export Row', town: 'Luton', postcode: 'LU1 1AA' })).status).toBe(200)
        expect((await t.request(`/api/me/identity-check/${id}/submit`, { as: seller, method: 'POST' })).status).toBe(
          200,
        )
        await t.sandboxWebhooks.flush()

        const entries = await unzip(Buffer.from(await (await exportZip(seller)).arrayBuffer()))
        expect(entries.get('README.txt')!.toString()).toContain('identity-checks.json')
        const checks = JSON.parse(entries.get('identity-checks.json')!.toString()) as Array<Record<string, unknown>>
        expect(checks).toEqual([
          expect.objectContaining({
            id,
            status: 'verified',
            document_type: 'passport',
            document: expect.objectContaining({ surname: 'Seller', given_names: 'Sally' }),
            address: expect.objectContaining({ line1: '1 Export Row', postcode: 'LU1 1AA' }),
            images_held: { document_photo: true, selfie: true },
          }),
        ])
        // The images stay out of the ZIP, in any form.
        for (const [name, body] of entries) {
          expect(body.includes(Buffer.from(JPEG_BASE64, 'base64').subarray(0, 64)), name).toBe(false)
          expect(body.toString(), name).not.toContain(JPEG_BASE64.slice(0, 200))
        }
        // Someone else's export has none of it.
        const theirs = await unzip(Buffer.from(await (await exportZip(buyer)).arrayBuffer()))
        expect(JSON.parse(theirs.get('identity-checks.json')!.toString())).toEqual([])
      })

      it('a file missing from storage is left out and named in README.txt; the rest still downloads', async () => {
        const { seller, txId } = await move()
        const kept = await upload(seller, txId, await makePdf('Kept'), 'Kept.pdf')
        const lost = await upload(seller, txId, await makePdf('Lost'), 'Lost.pdf')
        const [{ storage_key }] = await t.database.query<{ storage_key: string }>(
          'select storage_key from documents where id = $1',
          [lost.id],
        )
        await storageFor(t.config).delete(storage_key)
        const res = await exportZip(seller)
        expect(res.status).toBe(200)
        const entries = await unzip(Buffer.from(await res.arrayBuffer()))
        const docs = JSON.parse(entries.get('documents.json')!.toString()) as Array<{
          id: string
          path_in_zip: string | null
        }>
        expect(docs.find((d) => d.id === lost.id)!.path_in_zip).toBeNull()
        expect(entries.has(docs.find((d) => d.id === kept.id)!.path_in_zip!)).toBe(true)
        expect(entries.get('README.txt')!.toString()).toMatch(/could not be found[\s\S]*Property\/Lost\.pdf version 1/)
      })

      it('anonymous gets 401; an outsider exports only their own data, none of the move', async () => {
        const { txId } = await move()
        expect((await exportZip(null)).status).toBe(401)
        const outsider = await t.signUp({ name: 'Olly Outsider' })
        const res = await exportZip(outsider)
        expect(res.status).toBe(200)
        const entries = await unzip(Buffer.from(await res.arrayBuffer()))
        expect([...entries.keys()].some((n) => n.startsWith('files/'))).toBe(false)
        expect(JSON.parse(entries.get('transactions.json')!.toString())).toEqual([])
        for (const [, body] of entries) expect(body.toString()).not.toContain(txId)
      })
    })

    describe('delete my account', () => {
      it('wrong password or confirmation: refused and nothing is deleted (one transaction)', async () => {
        const { seller, txId } = await move()
        await upload(seller, txId, await makePdf(), 'TA10.pdf')
        const wrongPassword = await t.request('/api/account/delete', {
          as: seller,
          json: { confirmation: seller.email, password: 'not my password' },
        })
        expect(wrongPassword.status).toBe(403)
        expect((await wrongPassword.json()).error.message).toMatch(/password is not right\. Nothing was deleted/)
        const wrongConfirm = await t.request('/api/account/delete', {
          as: seller,
          json: { confirmation: 'someone@else.example', password: seller.password },
        })
        expect(wrongConfirm.status).toBe(400)
        expect((await wrongConfirm.json()).error.fields.confirmation).toBeDefined()
        const missing = await t.request('/api/account/delete', { as: seller, json: { confirmation: 'DELETE' } })
        expect(missing.status).toBe(400)
        expect((await t.request('/api/me', { as: seller })).status).toBe(200)
        const [p] = await t.database.query<{ full_name: string; deleted_at: unknown }>(
          'select full_name, deleted_at from profiles where id = $1',
          [seller.profileId],
        )
        expect(p).toEqual({ full_name: seller.name, deleted_at: null })
        expect((await exportZip(seller)).status).toBe(200)
      })

      it('a failure part-way through deletion rolls every write back (one database transaction)', async () => {
        const { seller, txId } = await move()
        await post(seller, txId, 'Still here')
        // Make the last write (deleting the auth user) fail for this person only.
        const fn = `fail_delete_${seller.profileId.replaceAll('-', '_')}`
        await t.database.query(
          `create function ${fn}() returns trigger language plpgsql as $$
           begin if old.email = '${seller.email}' then raise exception 'injected failure'; end if; return old; end $$`,
        )
        await t.database.query(`create trigger ${fn} before delete on "user" for each row execute function ${fn}()`)
        try {
          const res = await t.request('/api/account/delete', {
            as: seller,
            json: { confirmation: 'DELETE', password: seller.password },
          })
          expect(res.status).toBe(500)
        } finally {
          await t.database.query(`drop trigger ${fn} on "user"`)
          await t.database.query(`drop function ${fn}()`)
        }
        const [p] = await t.database.query<{ full_name: string; email: string; deleted_at: unknown }>(
          'select full_name, email, deleted_at from profiles where id = $1',
          [seller.profileId],
        )
        expect(p).toEqual({ full_name: seller.name, email: seller.email.toLowerCase(), deleted_at: null })
        const [{ n: roles }] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from user_roles where user_id = $1',
          [seller.profileId],
        )
        expect(roles).toBe(1)
        const events = await t.request('/api/account/security-events', { as: seller })
        expect(events.status).toBe(200)
        expect(((await events.json()) as { events: Array<{ ip: string | null }> }).events.length).toBeGreaterThan(0)
      })

      it('anonymous gets 401; a foreign Origin is refused', async () => {
        const { seller } = await move()
        const anon = await t.request('/api/account/delete', { json: { confirmation: 'DELETE', password: 'x' } })
        expect(anon.status).toBe(401)
        const csrf = await t.request('/api/account/delete', {
          as: seller,
          headers: { origin: 'https://evil.example' },
          json: { confirmation: 'DELETE', password: seller.password },
        })
        expect(csrf.status).toBe(403)
        expect((await t.request('/api/me', { as: seller })).status).toBe(200)
      })

      it("after deletion, '@Name' in others' messages and a certificate rendered later say Former participant; a PDF signed before still verifies", async () => {
        const { seller, buyer, conveyancer, txId } = await move()
        expect(DELETED_USER_NAME).toBe('Former participant')
        const threadId = await general(buyer, txId)
        const mention = await t.request(`/api/transactions/${txId}/threads/${threadId}/messages`, {
          as: buyer,
          json: { body_md: `@${seller.name} can you check the TA6?`, mentions: [seller.profileId] },
        })
        expect(mention.status, await mention.clone().text()).toBe(201)
        const ask = async (filename: string, signers: TestUser[]) => {
          const doc = await upload(conveyancer, txId, await makePdf(filename), filename, 'Contracts')
          const res = await t.request(`/api/transactions/${txId}/documents/${doc.id}/signature-requests`, {
            as: conveyancer,
            json: { document_sha256: doc.sha256, signer_ids: signers.map((u) => u.profileId) },
          })
          expect(res.status, await res.clone().text()).toBe(201)
          return { doc, id: ((await res.json()) as { id: string }).id }
        }
        const sign = async (who: TestUser, req: { doc: { sha256: string }; id: string }) => {
          const res = await t.request(`/api/transactions/${txId}/signature-requests/${req.id}/sign`, {
            as: who,
            json: { consent: true, method: 'typed', typed_name: who.name, document_sha256: req.doc.sha256 },
          })
          expect(res.status, await res.clone().text()).toBe(200)
          return (await res.json()) as { status: string; signed_document_id: string | null }
        }
        // Signed and completed before the deletion; and one the seller signs, the buyer only after it.
        const before = await ask('Before.pdf', [seller])
        const completed = await sign(seller, before)
        expect(completed.status).toBe('completed')
        const later = await ask('Later.pdf', [seller, buyer])
        await sign(seller, later)
        const signedBefore = await download(buyer, txId, completed.signed_document_id!)

        const res = await t.request('/api/account/delete', {
          as: seller,
          json: { confirmation: 'DELETE', password: seller.password },
        })
        expect(res.status, await res.clone().text()).toBe(200)

        // Chat: the mention names the placeholder, in the text and in the mention list.
        const chat = (await (
          await t.request(`/api/transactions/${txId}/threads/${threadId}/messages`, { as: buyer })
        ).json()) as { messages: Array<{ body_md: string; mentions: Array<{ id: string; full_name: string }> }> }
        const asked = chat.messages.find((m) => m.body_md.endsWith('can you check the TA6?'))!
        expect(asked.body_md).toBe('@Former participant can you check the TA6?')
        expect(asked.mentions).toEqual([{ id: seller.profileId, full_name: 'Former participant' }])

        // The PDF signed before: its bytes are unchanged, so its recorded hash still verifies; the panel
        // names the placeholder.
        expect(sha(await download(buyer, txId, completed.signed_document_id!))).toBe(sha(signedBefore))
        const verify = await t.request(
          `/api/transactions/${txId}/documents/${completed.signed_document_id}/signature/verify`,
          { as: buyer },
        )
        expect(await verify.json()).toMatchObject({
          intact: true,
          signers: [expect.objectContaining({ full_name: 'Former participant' })],
        })
        const requests = JSON.stringify(
          await (await t.request(`/api/transactions/${txId}/signature-requests`, { as: buyer })).json(),
        )
        expect(requests).not.toContain(seller.name)

        // The request completed after the deletion: its certificate is rendered with the placeholder.
        const done = await sign(buyer, later)
        expect(done.status).toBe('completed')
        const certificate = (await download(buyer, txId, done.signed_document_id!)).toString('latin1')
        const streams = [certificate]
        for (const m of certificate.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
          try {
            streams.push(inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'))
          } catch {
            // not deflated
          }
        }
        const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase()
        expect(streams.some((st) => st.includes(hex('Former participant')))).toBe(true)
        expect(streams.some((st) => st.includes(hex(seller.name)))).toBe(false)
      })

      it('deletion anonymises everywhere; others still read the history as Former participant; AML documents stay downloadable', async () => {
        const { seller, buyer, conveyancer, txId } = await move()
        const pdf = await makePdf('Signed contract')
        const doc = await upload(seller, txId, pdf, 'Contract.pdf', 'Contracts')
        await post(seller, txId, 'Happy to exchange on Friday')
        const ask = await t.request(`/api/transactions/${txId}/documents/${doc.id}/signature-requests`, {
          as: conveyancer,
          json: { document_sha256: doc.sha256, signer_ids: [seller.profileId, buyer.profileId] },
        })
        expect(ask.status, await ask.clone().text()).toBe(201)
        const reqId = ((await ask.json()) as { id: string }).id
        const signed = await t.request(`/api/transactions/${txId}/signature-requests/${reqId}/sign`, {
          as: seller,
          json: { consent: true, method: 'typed', typed_name: seller.name, document_sha256: doc.sha256 },
        })
        expect(signed.status, await signed.clone().text()).toBe(200)
        // A second request, still waiting for the seller when they delete the account.
        const other = await upload(conveyancer, txId, await makePdf('Transfer deed'), 'TR1.pdf', 'Contracts')
        const pending = await t.request(`/api/transactions/${txId}/documents/${other.id}/signature-requests`, {
          as: conveyancer,
          json: { document_sha256: other.sha256, signer_ids: [buyer.profileId, seller.profileId] },
        })
        expect(pending.status).toBe(201)
        const pendingId = ((await pending.json()) as { id: string }).id
        const [{ id: authId }] = await t.database.query<{ id: string }>('select id from "user" where email = $1', [
          seller.email,
        ])

        const res = await t.request('/api/account/delete', {
          as: seller,
          json: { confirmation: seller.email.toUpperCase(), password: seller.password },
        })
        expect(res.status, await res.clone().text()).toBe(200)
        const body = await res.json()
        expect(body).toMatchObject({ deleted: true, retainedTransactions: 1, retainedDocuments: 1, removedDrafts: 0 })
        expect(body.notice).toMatch(/Money Laundering Regulations 2017, regulation 40/)
        const cleared = res.headers.getSetCookie().find((c) => c.startsWith('homeward.session_token='))
        expect(cleared).toMatch(/Max-Age=0/)

        // The old cookie replays as 401 at once; sign-in with the old email fails.
        for (const p of ['/api/me', '/api/transactions', '/api/account/export', '/api/account/sessions']) {
          expect((await t.request(p, { as: seller })).status, p).toBe(401)
        }
        // Transaction data too: signed out is 401 before anything else (decision 005).
        expect((await t.request(`/api/transactions/${txId}`, { as: seller })).status).toBe(401)
        const signIn = await t.request('/api/auth/sign-in/email', {
          json: { email: seller.email, password: seller.password },
        })
        expect(signIn.status).toBe(401)

        // The profile is anonymised; the auth user and its sessions are gone.
        const [p] = await t.database.query<{
          full_name: string
          email: string
          auth_id: string | null
          deleted_at: unknown
        }>('select full_name, email, auth_id, deleted_at from profiles where id = $1', [seller.profileId])
        expect(p).toMatchObject({
          full_name: DELETED_USER_NAME,
          email: deletedEmailFor(seller.profileId),
          auth_id: null,
        })
        expect(p.deleted_at).not.toBeNull()
        for (const table of ['"user" where id', 'session where user_id', 'account where user_id']) {
          const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} = $1`, [
            authId,
          ])
          expect(n, table).toBe(0)
        }
        const [{ n: rolesLeft }] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from user_roles where user_id = $1',
          [seller.profileId],
        )
        expect(rolesLeft).toBe(0)

        // Security events: none left pointing at the account; the deletion is recorded with no user.
        const [{ n: linked }] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from security_events where user_id = $1',
          [authId],
        )
        expect(linked).toBe(0)
        const deletedEvents = await t.database.query<{ user_id: string | null; detail: { profile_id: string } }>(
          `select user_id, detail from security_events where kind = 'account.deleted' and detail->>'profile_id' = $1`,
          [seller.profileId],
        )
        expect(deletedEvents).toEqual([
          { user_id: null, detail: expect.objectContaining({ profile_id: seller.profileId }) },
        ])

        // The buyer still reads the whole history, with 'Former participant' wherever the name was.
        const detail = JSON.stringify(await (await t.request(`/api/transactions/${txId}`, { as: buyer })).json())
        const dashboard = JSON.stringify(await (await t.request('/api/transactions', { as: buyer })).json())
        const threadId = await general(buyer, txId)
        const chat = await (
          await t.request(`/api/transactions/${txId}/threads/${threadId}/messages`, { as: buyer })
        ).json()
        const docs = JSON.stringify(
          await (await t.request(`/api/transactions/${txId}/documents`, { as: buyer })).json(),
        )
        const version = await (await t.request(`/api/transactions/${txId}/documents/${doc.id}`, { as: buyer })).json()
        const audit = (await (await t.request(`/api/transactions/${txId}/activity`, { as: buyer })).json()) as {
          entries: Array<{ kind: string; summary: string; actor: { id: string; full_name: string } | null }>
        }
        const activity = JSON.stringify(audit)
        const signing = await (await t.request(`/api/transactions/${txId}/signature-requests`, { as: buyer })).json()
        for (const [where, text] of Object.entries({ detail, dashboard, docs, activity })) {
          expect(text, where).not.toContain(seller.email)
        }
        expect(detail).toContain(DELETED_USER_NAME)
        // The dashboard lists participants by id and role only: the deleted seller is still on the move.
        expect(dashboard).toContain(seller.profileId)
        expect(chat.messages).toEqual([
          expect.objectContaining({
            body_md: 'Happy to exchange on Friday',
            author: { id: seller.profileId, full_name: DELETED_USER_NAME },
          }),
        ])
        expect(version.uploaded_by).toEqual({ id: seller.profileId, full_name: DELETED_USER_NAME })
        const theirs = audit.entries.filter((e) => e.actor?.id === seller.profileId)
        expect(theirs.map((e) => e.kind)).toContain('signature.signed')
        for (const e of theirs) {
          expect(e.actor!.full_name).toBe(DELETED_USER_NAME)
          expect(e.summary).not.toContain(seller.name)
        }
        // Others' entries named them too (e.g. 'asked <name> to sign'): erased, and their IPs with them.
        for (const e of audit.entries) expect(e.summary).not.toContain(seller.name)
        expect(
          audit.entries.some((e) => e.actor?.id !== seller.profileId && e.summary.includes(DELETED_USER_NAME)),
        ).toBe(true)
        const [ips] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from activity_events where actor_id = $1 and ip is not null',
          [seller.profileId],
        )
        expect(ips).toEqual({ n: 0 })
        const verify = await t.request(`/api/transactions/${txId}/activity/verify`, { as: buyer })
        expect((await verify.json()).intact).toBe(true)
        const signer = signing.requests
          .find((r: { id: string }) => r.id === reqId)
          .signers.find((s: { user_id: string }) => s.user_id === seller.profileId)
        expect(signer).toMatchObject({ full_name: DELETED_USER_NAME, status: 'signed' })
        // The request they were waiting on (for the seller, as second signer) ended as declined.
        const waiting = signing.requests.find((r: { id: string }) => r.id === pendingId)
        expect(waiting.status).toBe('declined')
        expect(waiting.signers.find((s: { user_id: string }) => s.user_id === seller.profileId)).toMatchObject({
          full_name: DELETED_USER_NAME,
          status: 'declined',
        })

        // The document stays (AML record keeping) and the buyer can still download its bytes.
        const link = await (
          await t.request(`/api/transactions/${txId}/documents/${doc.id}/url?disposition=attachment`, { as: buyer })
        ).json()
        const file = await t.app.request(
          new URL(link.url, 'http://localhost').pathname + new URL(link.url, 'http://localhost').search,
          {
            headers: { cookie: buyer.cookie },
          },
        )
        expect(file.status).toBe(200)
        expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true)
        expect(await storageFor(t.config).list(`documents/${txId}/`)).not.toHaveLength(0)

        // Nobody notifies or emails a deleted person: the buyer mentions them in chat.
        const mention = await t.request(`/api/transactions/${txId}/threads/${threadId}/messages`, {
          as: buyer,
          json: { body_md: 'Thanks for everything', mentions: [seller.profileId] },
        })
        expect(mention.status, await mention.clone().text()).toBe(201)
        const [{ n: told }] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from notifications where profile_id = $1',
          [seller.profileId],
        )
        expect(told).toBe(0)
        const [{ n: mailed }] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from mail_outbox where to_address in ($1, $2)',
          [seller.email.toLowerCase(), deletedEmailFor(seller.profileId)],
        )
        expect(mailed).toBe(0)

        // Nor can they be asked to sign again.
        const later = await upload(buyer, txId, await makePdf('Completion statement'), 'Completion.pdf', 'Contracts')
        const again422 = await t.request(`/api/transactions/${txId}/documents/${later.id}/signature-requests`, {
          as: conveyancer,
          json: { document_sha256: later.sha256, signer_ids: [seller.profileId] },
        })
        expect(again422.status).toBe(422)
        expect((await again422.json()).error.message).toBe(
          'A person who has deleted their account cannot be asked to sign.',
        )

        // The email is free again: signing up makes a fresh account with a new, empty profile.
        const again = await t.signUp({ email: seller.email, name: 'Sally Again', role: 'seller' })
        expect(again.profileId).not.toBe(seller.profileId)
        const fresh = await exportZip(again)
        const entries = await unzip(Buffer.from(await fresh.arrayBuffer()))
        expect(JSON.parse(entries.get('transactions.json')!.toString())).toEqual([])
        expect((await t.request(`/api/transactions/${txId}`, { as: again })).status).toBe(404)
      })

      it("a draft only they were on is emptied: its documents' rows and stored files are removed", async () => {
        const owner = await t.signUp({ role: 'seller', name: 'Dora Draft' })
        const { transactionId: draft } = await createTransaction(t.database, {
          sellerProfileId: owner.profileId,
          createdBy: owner.profileId,
          status: 'draft',
        })
        await upload(owner, draft, await makePdf('Draft TA6'), 'TA6.pdf')
        await upload(owner, draft, await makePdf('Draft TA6 v2'), 'TA6.pdf')
        expect(await storageFor(t.config).list(`documents/${draft}/`)).toHaveLength(2)
        const res = await t.request('/api/account/delete', {
          as: owner,
          json: { confirmation: 'DELETE', password: owner.password },
        })
        expect(res.status).toBe(200)
        expect(await res.json()).toMatchObject({ removedDrafts: 1, removedFiles: 2, retainedDocuments: 0 })
        const [{ n }] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from documents where transaction_id = $1',
          [draft],
        )
        expect(n).toBe(0)
        expect(await storageFor(t.config).list(`documents/${draft}/`)).toEqual([])
      })
    })
  })
}

describe('data rights limits (AUTH_RATE_LIMIT on)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: { AUTH_RATE_LIMIT: true } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('the 6th wrong password for deletion within 15 minutes answers 429 and still deletes nothing', async () => {
    const user = await t.signUp()
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/account/delete', {
        as: user,
        json: { confirmation: 'DELETE', password: 'wrong' },
      })
      expect(res.status).toBe(403)
    }
    const sixth = await t.request('/api/account/delete', {
      as: user,
      json: { confirmation: 'DELETE', password: user.password },
    })
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(900)
    expect((await sixth.json()).error.message).toMatch(/Please try again in \d+ minutes?/)
    expect((await t.request('/api/me', { as: user })).status).toBe(200)
  })
})
