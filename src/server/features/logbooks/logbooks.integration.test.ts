/**
 * Home logbooks through the API on a real database: completion hands the buyer a logbook holding the
 * latest version of each Property and Fixtures document (sorted into categories, bytes shared with the
 * move), the PDTF data and nothing from other folders; only the owner sees it; it survives the move
 * being archived; the owner keeps a maintenance record and adds documents; starting a sale files the
 * logbook in the new move, and that sale's completion hands the logbook, with its record, to the next
 * buyer, after which the old one no longer changes.
 */
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { LogbookDetail, LogbooksResponse } from '#shared/contracts/logbooks.ts'
import { createTransaction } from '#server/test/factories.ts'
import { unzip } from '#server/test/unzip.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { makePdf, PNG } from '#server/test/test-files.ts'
import { withoutRequestId } from '#server/test/error-body.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let outsider: TestUser

async function upload(as: TestUser, txId: string, folder: string, filename: string, body: Buffer) {
  const res = await t.app.request(`/api/transactions/${txId}/documents?${new URLSearchParams({ folder, filename })}`, {
    method: 'POST',
    headers: { cookie: as.cookie, 'content-type': 'application/octet-stream' },
    body,
  } as RequestInit)
  return json<{ id: string }>(res, 201)
}

async function version(txId: string): Promise<number> {
  const [row] = await t.database.query<{ version: number }>('select version from transactions where id = $1', [txId])
  return row!.version
}

/** Records exchange and then completion as the move's conveyancer. */
async function complete(txId: string, as: TestUser = conveyancer) {
  await json(
    await t.request(`/api/transactions/${txId}/status`, {
      as,
      json: {
        action: 'exchange',
        version: await version(txId),
        exchange_date: '2026-11-02',
        completion_date: '2026-11-20',
        confirm: true,
      },
    }),
    200,
  )
  await json(
    await t.request(`/api/transactions/${txId}/status`, {
      as,
      json: { action: 'complete', version: await version(txId) },
    }),
    200,
  )
}

beforeAll(async () => {
  ;[buyer, seller, conveyancer, outsider] = await Promise.all([
    t.signUp({ name: 'Amelia Buyer' }),
    t.signUp({ name: 'Tom Seller', role: 'seller' }),
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Olive Outsider' }),
  ])
})

describe('home logbook', () => {
  let txId: string
  let logbook: LogbookDetail

  it('is made for the buyer at completion with the handed-over documents and the PDTF data', async () => {
    const move = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
      property: { addressLines: ['12 Clarence Road', 'St Albans'], postcode: 'AL1 4NG', titleNumber: 'HD412873' },
    })
    txId = move.transactionId
    await upload(seller, txId, 'Property', 'TA6 Property Information Form.pdf', await makePdf('TA6 v1'))
    const ta6v2 = await upload(seller, txId, 'Property', 'TA6 Property Information Form.pdf', await makePdf('TA6 v2'))
    await upload(seller, txId, 'Property', 'EPC.pdf', await makePdf('EPC rating C'))
    await upload(seller, txId, 'Property', 'FENSA certificate.pdf', await makePdf('FENSA windows'))
    await upload(seller, txId, 'Fixtures', 'TA10.pdf', await makePdf('Fittings and contents'))
    await upload(conveyancer, txId, 'Contracts', 'Contract.pdf', await makePdf('Contract for sale'))

    // Nothing before completion.
    expect((await json<LogbooksResponse>(await t.request('/api/logbooks', { as: buyer }), 200)).logbooks).toEqual([])
    await complete(txId)

    const list = LogbooksResponse.parse(await json(await t.request('/api/logbooks', { as: buyer }), 200))
    expect(list.logbooks).toHaveLength(1)
    expect(list.logbooks[0]).toMatchObject({
      postcode: 'AL1 4NG',
      document_count: 4,
      entry_count: 0,
      handed_over_at: null,
    })
    logbook = LogbookDetail.parse(
      await json(await t.request(`/api/logbooks/${list.logbooks[0]!.id}`, { as: buyer }), 200),
    )
    expect(logbook).toMatchObject({
      address_lines: ['12 Clarence Road', 'St Albans'],
      title_number: 'HD412873',
      purchase_transaction_id: txId,
      price_pence: 450_000_00,
      from_previous_owner: false,
    })
    expect(logbook.documents.map((d) => [d.category, d.filename, d.handed_over]).sort()).toEqual(
      [
        ['certificates', 'FENSA certificate.pdf', true],
        ['epc', 'EPC.pdf', true],
        ['fittings_and_contents', 'TA10.pdf', true],
        ['property_information', 'TA6 Property Information Form.pdf', true],
      ].sort(),
    )
    // The latest version is the one handed over, byte for byte.
    const ta6 = logbook.documents.find((d) => d.category === 'property_information')!
    const [moveTa6] = await t.database.query<{ sha256: string }>('select sha256 from documents where id = $1', [
      ta6v2.id,
    ])
    expect(ta6.sha256).toBe(moveTa6!.sha256)
    const file = await t.request(`/api/logbooks/${logbook.id}/documents/${ta6.id}/file?disposition=inline`, {
      as: buyer,
    })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    const bytes = Buffer.from(await file.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(moveTa6!.sha256)

    const pdtf = await json<{ propertyPack: { titlesToBeSold: Array<{ titleNumber: string }> } }>(
      await t.request(`/api/logbooks/${logbook.id}/pdtf`, { as: buyer }),
      200,
    )
    expect(JSON.stringify(pdtf)).toContain('HD412873')
    const [audit] = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and kind = 'logbook.handed_over'`,
      [txId],
    )
    expect(audit?.summary).toContain("handed over 4 documents to the buyer's home logbook")
  })

  it('is the owner’s alone: the seller, the conveyancer and an outsider get 404', async () => {
    for (const other of [seller, conveyancer, outsider]) {
      expect((await t.request(`/api/logbooks/${logbook.id}`, { as: other })).status).toBe(404)
      const doc = logbook.documents[0]!
      expect((await t.request(`/api/logbooks/${logbook.id}/documents/${doc.id}/file`, { as: other })).status).toBe(404)
      expect(
        (
          await t.request(`/api/logbooks/${logbook.id}/entries`, {
            as: other,
            json: { kind: 'plumbing', title: 'Sneaky', done_on: '2026-11-21' },
          })
        ).status,
      ).toBe(404)
    }
    expect((await t.request('/api/logbooks', { as: seller }).then((r) => r.json())) as LogbooksResponse).toEqual({
      logbooks: [],
    })
  })

  it('takes a document over the 1 MB JSON body limit, under the document limit (security battery 2026-12, I2)', async () => {
    // 1.5 MB: a scanned certificate is often this size.
    const big = Buffer.concat([await makePdf('Gas safety certificate'), Buffer.from(`\n%${'x'.repeat(1_500_000)}\n`)])
    const res = await t.app.request(
      `/api/logbooks/${logbook.id}/documents?${new URLSearchParams({ category: 'certificates', filename: 'Gas safety.pdf' })}`,
      {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'content-type': 'application/octet-stream' },
        body: big,
      } as RequestInit,
    )
    const doc = await json<{ id: string; size_bytes: number }>(res, 201)
    expect(doc.size_bytes).toBe(big.length)
    await json(await t.request(`/api/logbooks/${logbook.id}/documents/${doc.id}`, { as: buyer, method: 'DELETE' }), 204)
  })

  it('tells an outsider uploading to a logbook that it cannot be found, in the logbook’s words (I4)', async () => {
    const res = await t.app.request(
      `/api/logbooks/${logbook.id}/documents?${new URLSearchParams({ category: 'other', filename: 'x.png' })}`,
      {
        method: 'POST',
        headers: { cookie: outsider.cookie, 'content-type': 'application/octet-stream' },
        body: PNG,
      } as RequestInit,
    )
    const body = await json<{ error: { code: string; message: string } }>(res, 404)
    expect(withoutRequestId(body)).toEqual({ error: { code: 'not_found', message: 'Could not find this logbook.' } })
    // The same words as reading it.
    const read = await json<{ error: { message: string } }>(
      await t.request(`/api/logbooks/${logbook.id}`, { as: outsider }),
      404,
    )
    expect(read.error.message).toBe('Could not find this logbook.')
  })

  it('survives archiving the move, and the move is archived only once it has ended', async () => {
    const active = await createTransaction(t.database, { buyerProfileId: buyer.profileId })
    const refused = await json<{ error: { message: string } }>(
      await t.request(`/api/transactions/${active.transactionId}/archive`, { as: buyer, json: { archived: true } }),
      409,
    )
    expect(refused.error.message).toBe('Only a completed or cancelled move can be archived; this one is active.')
    expect(
      (await t.request(`/api/transactions/${txId}/archive`, { as: outsider, json: { archived: true } })).status,
    ).toBe(404)
    const archived = await json<{ archived_at: string }>(
      await t.request(`/api/transactions/${txId}/archive`, { as: buyer, json: { archived: true } }),
      200,
    )
    expect(archived.archived_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const dashboard = await json<{ transactions: Array<{ id: string; archived_at: string | null }> }>(
      await t.request('/api/transactions', { as: buyer }),
      200,
    )
    const listed = dashboard.transactions.find((m) => m.id === txId)?.archived_at
    expect(listed && Date.parse(listed)).toBe(Date.parse(archived.archived_at))
    const again = LogbookDetail.parse(await json(await t.request(`/api/logbooks/${logbook.id}`, { as: buyer }), 200))
    expect(again.documents).toHaveLength(4)
    const back = await json<{ archived_at: null }>(
      await t.request(`/api/transactions/${txId}/archive`, { as: seller, json: { archived: false } }),
      200,
    )
    expect(back.archived_at).toBeNull()
  })

  it('keeps a maintenance record and the owner’s own documents, with clear errors', async () => {
    const bad = await json<{ error: { fields: Record<string, string[]> } }>(
      await t.request(`/api/logbooks/${logbook.id}/entries`, {
        as: buyer,
        json: { kind: 'boiler_and_heating', title: '', done_on: '2999-01-01', cost_pence: -5 },
      }),
      400,
    )
    expect(Object.keys(bad.error.fields).sort()).toEqual(['cost_pence', 'done_on', 'title'])

    const res = await t.app.request(
      `/api/logbooks/${logbook.id}/documents?${new URLSearchParams({ category: 'certificates', filename: 'Boiler service.png' })}`,
      {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'content-type': 'application/octet-stream' },
        body: PNG,
      } as RequestInit,
    )
    const receipt = await json<{ id: string; handed_over: boolean; content_type: string }>(res, 201)
    expect(receipt).toMatchObject({ handed_over: false, content_type: 'image/png' })
    const html = await t.app.request(
      `/api/logbooks/${logbook.id}/documents?${new URLSearchParams({ category: 'other', filename: 'x.html' })}`,
      {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'content-type': 'application/octet-stream' },
        body: Buffer.from('<!doctype html><script>alert(1)</script><p>padding padding</p>'),
      } as RequestInit,
    )
    expect(html.status).toBe(415)

    const entry = await json<{ id: string; cost_pence: number; document_id: string }>(
      await t.request(`/api/logbooks/${logbook.id}/entries`, {
        as: buyer,
        json: {
          kind: 'boiler_and_heating',
          title: 'Annual boiler service',
          done_on: '2026-11-22',
          cost_pence: 8_500,
          contractor: 'Hertford Heating Ltd',
          document_id: receipt.id,
        },
      }),
      201,
    )
    expect(entry).toMatchObject({ cost_pence: 8_500, document_id: receipt.id })
    const other = await json<{ id: string }>(
      await t.request(`/api/logbooks/${logbook.id}/entries`, {
        as: buyer,
        json: { kind: 'decoration', title: 'Painted the hall', done_on: '2026-11-23' },
      }),
      201,
    )
    await json(await t.request(`/api/logbooks/${logbook.id}/entries/${other.id}`, { as: buyer, method: 'DELETE' }), 204)
    const detail = LogbookDetail.parse(await json(await t.request(`/api/logbooks/${logbook.id}`, { as: buyer }), 200))
    expect(detail.entries.map((e) => e.title)).toEqual(['Annual boiler service'])
    expect(detail.documents).toHaveLength(5)
    logbook = detail
  })

  it('is in the owner’s data export, with its maintenance record', async () => {
    const res = await t.request('/api/account/export', { as: buyer })
    expect(res.status).toBe(200)
    const entries = await unzip(Buffer.from(await res.arrayBuffer()))
    const exported = JSON.parse(entries.get('logbooks.json')!.toString()) as Array<{
      id: string
      documents: unknown[]
      maintenance_record: Array<{ title: string }>
    }>
    expect(exported).toEqual([
      expect.objectContaining({
        id: logbook.id,
        maintenance_record: [expect.objectContaining({ title: 'Annual boiler service' })],
      }),
    ])
    expect(exported[0]!.documents).toHaveLength(5)
    expect(entries.get('README.txt')!.toString()).toContain('logbooks.json')
  })

  it('starts a sale with the logbook as the property pack and hands it to the next buyer at completion', async () => {
    const sale = await json<{ id: string }>(
      await t.request(`/api/logbooks/${logbook.id}/sale`, { as: buyer, json: { agreed_price: 515000 } }),
      201,
    )
    // Twice is refused while that sale goes on.
    const twice = await json<{ error: { message: string } }>(
      await t.request(`/api/logbooks/${logbook.id}/sale`, { as: buyer, json: { agreed_price: 515000 } }),
      409,
    )
    expect(twice.error.message).toContain('You already started selling this home')
    const filed = await t.database.query<{ folder: string; filename: string }>(
      'select folder, filename from documents where transaction_id = $1 order by folder, filename',
      [sale.id],
    )
    expect(filed).toEqual([
      { folder: 'Fixtures', filename: 'TA10.pdf' },
      { folder: 'Property', filename: 'Boiler service.png' },
      { folder: 'Property', filename: 'EPC.pdf' },
      { folder: 'Property', filename: 'FENSA certificate.pdf' },
      { folder: 'Property', filename: 'TA6 Property Information Form.pdf' },
    ])
    const [move] = await t.database.query<{ seller_user_id: string; title_number: string; postcode: string }>(
      `select t.seller_user_id, p.title_number, p.postcode from transactions t join properties p on p.transaction_id = t.id
        where t.id = $1`,
      [sale.id],
    )
    expect(move).toEqual({ seller_user_id: buyer.profileId, title_number: 'HD412873', postcode: 'AL1 4NG' })

    // The next buyer and their conveyancer come on; the sale completes.
    const nextBuyer = await t.signUp({ name: 'Noah Next' })
    await t.database.query(`update transactions set buyer_user_id = $2, status = 'active' where id = $1`, [
      sale.id,
      nextBuyer.profileId,
    ])
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'buyer'), ($1, $3, 'buyer_conveyancer')`,
      [sale.id, nextBuyer.profileId, conveyancer.profileId],
    )
    await complete(sale.id)

    const theirs = LogbooksResponse.parse(await json(await t.request('/api/logbooks', { as: nextBuyer }), 200))
    expect(theirs.logbooks).toHaveLength(1)
    const next = LogbookDetail.parse(
      await json(await t.request(`/api/logbooks/${theirs.logbooks[0]!.id}`, { as: nextBuyer }), 200),
    )
    expect(next.from_previous_owner).toBe(true)
    expect(next.entries).toEqual([
      expect.objectContaining({
        title: 'Annual boiler service',
        from_previous_owner: 'Amelia Buyer',
        cost_pence: 8_500,
      }),
    ])
    expect(next.documents).toHaveLength(5)

    const old = LogbookDetail.parse(await json(await t.request(`/api/logbooks/${logbook.id}`, { as: buyer }), 200))
    expect(old.handed_over_at).not.toBeNull()
    const frozen = await json<{ error: { message: string } }>(
      await t.request(`/api/logbooks/${logbook.id}/entries`, {
        as: buyer,
        json: { kind: 'decoration', title: 'Too late', done_on: '2026-11-23' },
      }),
      409,
    )
    expect(frozen.error.message).toContain('handed over to the new owner')
    // Removing a handed-over document from the new logbook keeps the bytes the move still names.
    const shared = next.documents.find((d) => d.filename === 'EPC.pdf')!
    await json(
      await t.request(`/api/logbooks/${next.id}/documents/${shared.id}`, { as: nextBuyer, method: 'DELETE' }),
      204,
    )
    const stillThere = await t.request(
      `/api/logbooks/${logbook.id}/documents/${old.documents.find((d) => d.filename === 'EPC.pdf')!.id}/file`,
      { as: buyer },
    )
    expect(stillThere.status).toBe(200)
  })
})
