/**
 * The document audience matrix (issue 35, decision 051), generated from the audience table
 * (src/shared/domain/document-audiences.ts): one document for every audience and one for every kind
 * (filed by each side's conveyancer with the kind's default), against every kind of person: the buyer,
 * the seller, a joint buyer and a joint seller (decision 070), each conveyancer, a firm colleague of each conveyancer, the estate agent, the buyer's
 * agent, the broker, the surveyor, a giftor, a former participant and an outsider. For each pair it
 * checks the list, the header's count, one version, the version history, the view link and the
 * download. A new audience or kind is in the matrix without anyone adding a row.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentListResponse, DocumentVersion, SignedUrlResponse } from '#shared/contracts/documents.ts'
import {
  AUDIENCE_INFO,
  audienceIncludes,
  defaultAudienceForUploader,
  DOCUMENT_AUDIENCES,
  DOCUMENT_KINDS,
  type DocumentAudience,
} from '#shared/domain/document-audiences.ts'
import type { ParticipantRole } from '#shared/domain/roles.ts'
import type { DocumentFolder } from '#shared/domain/statuses.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { createTestApp, type TestApp, type TestUser } from '#server/test/test-app.ts'
import { makePdf } from '#server/test/test-files.ts'

/** Everyone the matrix asks as, with the role they hold on the move (null: none). */
const ACTORS = {
  buyer: 'buyer',
  seller: 'seller',
  // A joint buyer and a joint seller (decision 070): second participants in the clients' roles.
  coBuyer: 'buyer',
  coSeller: 'seller',
  buyerConveyancer: 'buyer_conveyancer',
  sellerConveyancer: 'seller_conveyancer',
  buyerFirmColleague: 'buyer_conveyancer',
  sellerFirmColleague: 'seller_conveyancer',
  estateAgent: 'estate_agent',
  buyersAgent: 'buyers_agent',
  broker: 'mortgage_broker',
  surveyor: 'surveyor',
  giftor: null,
  formerParticipant: null,
  outsider: null,
} as const satisfies Record<string, ParticipantRole | null>
type Actor = keyof typeof ACTORS

interface FiledDoc {
  label: string
  audience: DocumentAudience
  doc: DocumentVersion
}

/** Where each kind is filed and under what name: the first folder it names, else Property; a name its pattern matches. */
const KIND_SAMPLE_NAMES: Record<(typeof DOCUMENT_KINDS)[number]['kind'], string> = {
  funds: 'Gifted deposit letter.pdf',
  client_care: 'Client care letter.pdf',
  identity: 'Passport and AML check.pdf',
  mortgage: 'Decision in principle.pdf',
  survey: 'RICS Level 2 survey report.pdf',
  memorandum: 'Memorandum of sale.pdf',
  property_forms: 'TA6 Property Information Form.pdf',
  enquiries: 'Replies to enquiries.pdf',
  contract: 'Draft contract.pdf',
  searches: 'Local authority search.pdf',
}

describe('document audiences: every audience and kind against everyone', () => {
  let t: TestApp
  let dataDir: string
  let txId: string
  const users = {} as Record<Actor, TestUser>
  const filed: FiledDoc[] = []

  async function upload(as: TestUser, folder: DocumentFolder, filename: string, audience?: DocumentAudience) {
    const qs = new URLSearchParams({ folder, filename })
    if (audience) qs.set('audience', audience)
    const res = await t.app.request(`/api/transactions/${txId}/documents?${qs}`, {
      method: 'POST',
      headers: {
        cookie: as.cookie,
        'content-type': 'application/octet-stream',
        origin: new URL(t.config.publicUrl).origin,
      },
      body: new Uint8Array(await makePdf(filename)),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as DocumentVersion
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'homeward-doc-audience-'))
    t = await createTestApp({ config: { dataDir } })
    const signups: Record<Actor, Parameters<TestApp['signUp']>[0]> = {
      buyer: { role: 'buyer', name: 'Bea Buyer' },
      seller: { role: 'seller', name: 'Sam Seller' },
      coBuyer: { role: 'buyer', name: 'Cai Co-Buyer' },
      coSeller: { role: 'seller', name: 'Cass Co-Seller' },
      buyerConveyancer: { role: 'conveyancer', name: 'Bill Buyers-Conveyancer' },
      sellerConveyancer: { role: 'conveyancer', name: 'Sue Sellers-Conveyancer' },
      buyerFirmColleague: { role: 'conveyancer', name: 'Bob Buyer-Firm' },
      sellerFirmColleague: { role: 'conveyancer', name: 'Sid Seller-Firm' },
      estateAgent: { role: 'agent', name: 'Ed Agent' },
      buyersAgent: { role: 'agent', name: 'Bert Buyers-Agent' },
      broker: { role: 'broker', name: 'Bry Broker' },
      surveyor: { role: 'surveyor', name: 'Sia Surveyor' },
      giftor: { role: 'buyer', name: 'Gina Giftor' },
      formerParticipant: { role: 'surveyor', name: 'Fred Former' },
      outsider: { role: 'buyer', name: 'Olly Outsider' },
    }
    for (const [actor, opts] of Object.entries(signups)) users[actor as Actor] = await t.signUp(opts)
    const tx = await createTransaction(t.database, {
      buyerProfileId: users.buyer.profileId,
      sellerProfileId: users.seller.profileId,
      participants: [
        { profileId: users.coBuyer.profileId, role: 'buyer' },
        { profileId: users.coSeller.profileId, role: 'seller' },
        { profileId: users.buyerConveyancer.profileId, role: 'buyer_conveyancer' },
        { profileId: users.sellerConveyancer.profileId, role: 'seller_conveyancer' },
        { profileId: users.estateAgent.profileId, role: 'estate_agent' },
        { profileId: users.buyersAgent.profileId, role: 'buyers_agent' },
        { profileId: users.broker.profileId, role: 'mortgage_broker' },
        { profileId: users.surveyor.profileId, role: 'surveyor' },
        { profileId: users.formerParticipant.profileId, role: 'surveyor' },
      ],
    })
    txId = tx.transactionId
    // Each conveyancer works in a firm instructed on their side; a colleague there sees the matter.
    for (const side of ['buyer', 'seller'] as const) {
      const { organizationId } = await createOrganization(t.database, { type: 'law' })
      const conveyancer = side === 'buyer' ? users.buyerConveyancer : users.sellerConveyancer
      const colleague = side === 'buyer' ? users.buyerFirmColleague : users.sellerFirmColleague
      for (const p of [conveyancer, colleague]) {
        await t.database.query(
          `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'fee_earner')`,
          [organizationId, p.profileId],
        )
      }
      await t.database.query(
        `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, $3, $4, 'Client')`,
        [organizationId, txId, side, conveyancer.profileId],
      )
    }
    // A giftor of the buyer's deposit: someone the move knows, who is no participant (decision 037).
    await t.database.query(
      `insert into funding_gifts (transaction_id, giftor_name, giftor_email, relationship, amount_pence, giftor_profile_id)
       values ($1, 'Gina Giftor', $2, 'parent', 1000000, $3)`,
      [txId, users.giftor.email, users.giftor.profileId],
    )

    // One document per audience, filed by someone inside it.
    for (const audience of DOCUMENT_AUDIENCES) {
      const uploader = (Object.keys(ACTORS) as Actor[]).find((a) => audienceIncludes(audience, ACTORS[a]))!
      const doc = await upload(users[uploader], 'Property', `Audience ${audience}.pdf`, audience)
      expect(doc.audience).toBe(audience)
      filed.push({ label: `audience ${audience}`, audience, doc })
    }
    // One document per kind, filed by each side's conveyancer, with no audience chosen: the default.
    for (const kind of DOCUMENT_KINDS) {
      const folder: DocumentFolder = kind.folders[0] ?? 'Property'
      const filename = KIND_SAMPLE_NAMES[kind.kind]
      for (const uploader of ['buyerConveyancer', 'sellerConveyancer'] as const) {
        const name = `${uploader === 'buyerConveyancer' ? 'B' : 'S'} ${filename}`
        const doc = await upload(users[uploader], folder, name)
        expect(doc.audience).toBe(defaultAudienceForUploader(folder, name, ACTORS[uploader]))
        filed.push({ label: `kind ${kind.kind} by ${uploader}`, audience: doc.audience, doc })
      }
    }
    // The former participant leaves (their participant row goes, as removal does).
    await t.database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
      txId,
      users.formerParticipant.profileId,
    ])
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('covers every audience and every kind', () => {
    expect(new Set(filed.map((f) => f.audience))).toEqual(new Set(DOCUMENT_AUDIENCES))
    expect(filed.filter((f) => f.label.startsWith('kind'))).toHaveLength(DOCUMENT_KINDS.length * 2)
    // The table's sides: a buyer-side audience never includes a seller-side role, and the reverse.
    for (const a of DOCUMENT_AUDIENCES) {
      const other =
        AUDIENCE_INFO[a].side === 'buyer' ? 'seller_side' : AUDIENCE_INFO[a].side === 'seller' ? 'buyer_side' : null
      if (other) for (const r of AUDIENCE_INFO[other].roles) expect(audienceIncludes(a, r), `${a} ${r}`).toBe(false)
    }
  })

  for (const actor of Object.keys(ACTORS) as Actor[]) {
    it(`as ${actor}: lists, counts, opens, versions, links and downloads exactly the documents of their audiences`, async () => {
      const role = ACTORS[actor]
      const as = users[actor]
      const allowed = filed.filter((f) => audienceIncludes(f.audience, role))
      const list = await t.request(`/api/transactions/${txId}/documents`, { as })
      const detail = await t.request(`/api/transactions/${txId}`, { as })
      if (!role) {
        expect(list.status).toBe(404)
        expect(detail.status).toBe(404)
      } else {
        const listed = ((await list.json()) as DocumentListResponse).documents.map((d) => d.id).sort()
        expect(listed).toEqual(allowed.map((f) => f.doc.id).sort())
        const counted = ((await detail.json()) as { documents: { id: string }[] }).documents.map((d) => d.id).sort()
        expect(counted).toEqual(allowed.map((f) => f.doc.id).sort())
      }
      for (const f of filed) {
        const may = allowed.includes(f)
        const base = `/api/transactions/${txId}/documents/${f.doc.id}`
        const one = await t.request(base, { as })
        expect(one.status, `${actor} view ${f.label}`).toBe(may ? 200 : 404)
        const versions = await t.request(`${base}/versions`, { as })
        expect(versions.status, `${actor} versions ${f.label}`).toBe(may ? 200 : 404)
        for (const disposition of ['inline', 'attachment'] as const) {
          const link = await t.request(`${base}/url?disposition=${disposition}`, { as })
          expect(link.status, `${actor} ${disposition} link ${f.label}`).toBe(may ? 200 : 404)
          if (!may) {
            expect(await link.text()).not.toContain(f.doc.filename)
            continue
          }
          const file = await t.request(((await link.json()) as SignedUrlResponse).url, { as })
          expect(file.status, `${actor} ${disposition} file ${f.label}`).toBe(200)
          expect((await file.arrayBuffer()).byteLength).toBe(f.doc.size_bytes)
        }
      }
    }, 120_000)
  }

  it('a link made while someone was in the audience stops working once the audience no longer includes them', async () => {
    const doc = filed.find((f) => f.audience === 'everyone')!.doc
    const link = (await (
      await t.request(`/api/transactions/${txId}/documents/${doc.id}/url?disposition=attachment`, {
        as: users.estateAgent,
      })
    ).json()) as SignedUrlResponse
    const changed = await t.request(`/api/transactions/${txId}/documents/${doc.id}/audience`, {
      method: 'PUT',
      json: { audience: 'clients_and_conveyancers' },
      as: users.sellerConveyancer,
    })
    // The uploader of the 'everyone' document is the first actor in it, the buyer: the seller's
    // conveyancer sees it but may not change it; the buyer (or their conveyancer) may.
    expect(changed.status).toBe(403)
    const byUploader = await t.request(`/api/transactions/${txId}/documents/${doc.id}/audience`, {
      method: 'PUT',
      json: { audience: 'clients_and_conveyancers' },
      as: users.buyer,
    })
    expect(byUploader.status).toBe(200)
    expect(((await byUploader.json()) as DocumentVersion).audience).toBe('clients_and_conveyancers')
    expect((await t.request(link.url, { as: users.estateAgent })).status).toBe(403)
    expect((await t.request(`/api/transactions/${txId}/documents/${doc.id}`, { as: users.estateAgent })).status).toBe(
      404,
    )
    // The audit entry names neither the document nor the audiences.
    const activity = await t.database.query<{ summary: string; payload: unknown }>(
      `select summary, payload from activity_events where transaction_id = $1 and kind = 'document.audience_changed'`,
      [txId],
    )
    expect(activity).toHaveLength(1)
    expect(JSON.stringify(activity[0])).not.toMatch(/Audience everyone|clients_and_conveyancers|everyone/)
    await t.request(`/api/transactions/${txId}/documents/${doc.id}/audience`, {
      method: 'PUT',
      json: { audience: 'everyone' },
      as: users.buyer,
    })
  })

  it('refuses an audience that leaves out the person choosing it, and a change by the other side', async () => {
    const res = await t.app.request(
      `/api/transactions/${txId}/documents?${new URLSearchParams({ folder: 'Property', filename: 'x.pdf', audience: 'buyer_funds' })}`,
      {
        method: 'POST',
        headers: {
          cookie: users.seller.cookie,
          'content-type': 'application/octet-stream',
          origin: new URL(t.config.publicUrl).origin,
        },
        body: new Uint8Array(await makePdf('x')),
      },
    )
    expect(res.status).toBe(422)
    const buyers = filed.find((f) => f.audience === 'buyer_side')!.doc
    const bySeller = await t.request(`/api/transactions/${txId}/documents/${buyers.id}/audience`, {
      method: 'PUT',
      json: { audience: 'everyone' },
      as: users.sellerConveyancer,
    })
    expect(bySeller.status).toBe(404)
  })
})
