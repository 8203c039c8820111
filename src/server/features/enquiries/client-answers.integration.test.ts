/**
 * The client answers an enquiry in their task (issue 37 item 3), through the API as the people on a
 * matter use it: the seller's conveyancer asks the seller, the seller answers with text and a file,
 * the answer is a draft only the seller's conveyancer's side reads (the buyer's conveyancer, the
 * buyer and the estate agent cannot, in the list, the task or the replies PDF), sending it makes it
 * the reply with its file readable by the buyer's conveyancer; the file's audience before and after;
 * answering twice, the wrong person and a file that is not theirs refused with a message; the same
 * for the buyer (asked by the buyer's conveyancer once a reply arrived, the answer a draft further
 * enquiry), discarding a draft, and who is told.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { ClientTask, EnquiryList } from '#shared/contracts/enquiries.ts'
import { DocumentVersion } from '#shared/contracts/documents.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let agent: TestUser
let buyerConveyancer: TestUser
let sellerConveyancer: TestUser
let sellerColleague: TestUser
let sellerFirm: string

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  agent = await t.signUp({ role: 'agent', name: 'Ada Agent' })
  buyerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Sol Solicitor' })
  sellerColleague = await t.signUp({ role: 'conveyancer', name: 'Col League' })
  sellerFirm = (await createOrganization(t.database, { name: 'Solicitor & Co' })).organizationId
  for (const p of [sellerConveyancer, sellerColleague])
    await t.database.query(
      `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'fee_earner')`,
      [sellerFirm, p.profileId],
    )
})

async function newMatter() {
  const { transactionId } = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' },
      { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer', organizationId: sellerFirm },
      { profileId: agent.profileId, role: 'estate_agent' },
    ],
  })
  // The seller's firm is instructed on the matter: its colleagues act as the seller's conveyancer.
  await t.database.query(
    `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, 'seller', $3, 'Sam Seller')`,
    [sellerFirm, transactionId, sellerConveyancer.profileId],
  )
  return transactionId
}

const base = (txId: string) => `/api/transactions/${txId}`

async function list(txId: string, as: TestUser) {
  const res = await t.request(`${base(txId)}/enquiries`, { as })
  expect(res.status).toBe(200)
  return EnquiryList.parse(await res.json())
}

async function raise(txId: string, body: string) {
  const res = await t.request(`${base(txId)}/enquiries`, {
    as: buyerConveyancer,
    json: { enquiries: [{ category: 'planning_building_control', body }] },
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { ids: string[] }).ids[0]
}

async function version(txId: string, enquiryId: string) {
  return (await list(txId, buyerConveyancer)).enquiries.find((e) => e.id === enquiryId)!.version
}

async function ask(txId: string, enquiryId: string, as: TestUser) {
  return t.request(`${base(txId)}/enquiries/${enquiryId}/client-task`, {
    as,
    json: { version: await version(txId, enquiryId) },
  })
}

async function uploadPdf(txId: string, as: TestUser, filename: string, audience?: string) {
  const qs = new URLSearchParams({ folder: 'Property', filename, ...(audience ? { audience } : {}) })
  const res = await t.app.request(`${base(txId)}/documents?${qs}`, {
    method: 'POST',
    headers: {
      cookie: as.cookie,
      'content-type': 'application/octet-stream',
      origin: new URL(t.config.publicUrl).origin,
    },
    body: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return DocumentVersion.parse(await res.json())
}

const answer = (txId: string, taskId: string, as: TestUser, body: string, documentIds: string[] = []) =>
  t.request(`${base(txId)}/enquiry-tasks/${taskId}/answer`, { as, json: { body, document_ids: documentIds } })

async function getTask(txId: string, taskId: string, as: TestUser) {
  return t.request(`${base(txId)}/enquiry-tasks/${taskId}`, { as })
}

async function docAudience(id: string) {
  const [row] = await t.database.query<{ audience: string }>('select audience from documents where id = $1', [id])
  return row.audience
}

async function canOpen(txId: string, docId: string, as: TestUser) {
  return (await t.request(`${base(txId)}/documents/${docId}`, { as })).status === 200
}

async function notices(txId: string, who: TestUser) {
  const rows = await t.database.query<{ title: string; link: string | null }>(
    `select title, link from notifications where profile_id = $1 and transaction_id = $2 order by created_at`,
    [who.profileId, txId],
  )
  return rows
}

describe("the seller answers in the task: a draft reply only the seller's conveyancer's side reads", () => {
  it('asks, answers with text and a file, drafts, sends as the reply with its file', async () => {
    const txId = await newMatter()
    const enquiryId = await raise(txId, 'Please supply the completion certificate for the 2019 extension.')
    const asked = await ask(txId, enquiryId, sellerConveyancer)
    expect(asked.status).toBe(201)
    const { task_id: taskId } = (await asked.json()) as { task_id: string }

    // The seller is told, with a link to the task; the task shows the full text and waits for them.
    expect(await notices(txId, seller)).toContainEqual({
      title: 'Your conveyancer needs your answer to enquiry 1',
      link: `/app/transactions/${txId}/enquiry-tasks/${taskId}`,
    })
    const before = ClientTask.parse(await (await getTask(txId, taskId, seller)).json())
    expect(before).toMatchObject({
      client: 'seller',
      may_answer: true,
      answer: null,
      enquiry: { number: 1, body: 'Please supply the completion certificate for the 2019 extension.' },
    })
    // The seller's Enquiries view: the text and the task; the agent still statuses only.
    const sellersView = await list(txId, seller)
    expect(sellersView.my_client).toBe('seller')
    expect(sellersView.enquiries[0]).toMatchObject({ body: expect.stringContaining('completion certificate') })
    expect(sellersView.enquiries[0].seller_task).toMatchObject({ id: taskId, status: 'not_completed' })
    expect(sellersView.enquiries[0].replies).toEqual([])
    expect((await list(txId, agent)).enquiries[0].body).toBeNull()

    // The task cannot be ticked by hand: it ticks itself when the answer is sent.
    const detail = TransactionDetail.parse(await (await t.request(base(txId), { as: seller })).json())
    const task = detail.timeline_stages.flatMap((s) => s.tasks).find((k) => k.id === taskId)!
    const tick = await t.request(`${base(txId)}/tasks/${taskId}`, {
      as: seller,
      method: 'PATCH',
      json: { status: 'completed', version: task.version },
    })
    expect(tick.status).toBe(422)

    // The seller uploads the certificate for their conveyancer and themselves only, and answers.
    const file = await uploadPdf(txId, seller, 'Completion certificate.pdf', 'seller_and_conveyancer')
    expect(await canOpen(txId, file.id, buyerConveyancer)).toBe(false)
    const res = await answer(txId, taskId, seller, 'Attached: signed off by the council in March 2020.', [file.id])
    expect(res.status, await res.clone().text()).toBe(201)
    const { draft_id: draftId } = (await res.json()) as { draft_id: string }

    // The task is ticked through the one tick path, with the reason in the trail.
    const trail = await t.database.query<{ kind: string; summary: string; audience: string }>(
      'select kind, summary, audience from activity_events where transaction_id = $1 order by seq',
      [txId],
    )
    expect(trail).toContainEqual(
      expect.objectContaining({
        kind: 'task.completed',
        summary: expect.stringContaining('the seller sent their answer to enquiry 1'),
      }),
    )
    expect(trail.find((a) => a.kind === 'enquiry.client_answered')!.audience).toBe('seller_client')
    // The seller's conveyancer is told; the buyer's conveyancer is not.
    expect((await notices(txId, sellerConveyancer)).map((n) => n.title)).toContain(
      'The seller answered enquiry 1: a draft reply to review',
    )
    expect((await notices(txId, buyerConveyancer)).map((n) => n.title)).not.toContain(
      'The seller answered enquiry 1: a draft reply to review',
    )

    // The draft: the seller's conveyancer and their firm colleague read it, with the file.
    for (const who of [sellerConveyancer, sellerColleague]) {
      const e = (await list(txId, who)).enquiries[0]
      expect(e.status).toBe('open')
      expect(e.replies).toEqual([
        expect.objectContaining({
          id: draftId,
          state: 'draft',
          kind: 'reply',
          body: 'Attached: signed off by the council in March 2020.',
          from_client: expect.objectContaining({ full_name: 'Sam Seller' }),
          documents: [expect.objectContaining({ id: file.id, filename: 'Completion certificate.pdf' })],
        }),
      ])
    }
    // Nobody else reads it: not the buyer's conveyancer, the buyer, the agent; nor the task.
    expect((await list(txId, buyerConveyancer)).enquiries[0].replies).toEqual([])
    for (const who of [buyer, agent]) expect((await list(txId, who)).enquiries[0].replies).toEqual([])
    for (const who of [buyerConveyancer, buyer, agent]) expect((await getTask(txId, taskId, who)).status).toBe(404)
    // Nor the replies PDF the seller's conveyancer files for both sides.
    const exported = await t.request(`${base(txId)}/enquiries/export`, { as: sellerConveyancer, method: 'POST' })
    expect(exported.status).toBe(201)
    // The other side cannot send or discard it: there is no such draft for them.
    const v = await version(txId, enquiryId)
    const stolen = await t.request(`${base(txId)}/enquiries/${enquiryId}/drafts/${draftId}/send`, {
      as: buyerConveyancer,
      json: { version: v, body: 'Hijacked' },
    })
    expect(stolen.status).toBe(404)

    // The seller's task shows their answer, with their conveyancer.
    const after = ClientTask.parse(await (await getTask(txId, taskId, seller)).json())
    expect(after).toMatchObject({ may_answer: false, task: { status: 'completed' }, answer: { state: 'draft' } })

    // The seller's conveyancer edits and sends it: the normal reply, the file now the buyer's conveyancer's too.
    const sent = await t.request(`${base(txId)}/enquiries/${enquiryId}/drafts/${draftId}/send`, {
      as: sellerConveyancer,
      json: { version: v, body: 'The completion certificate (March 2020) is attached.' },
    })
    expect(sent.status, await sent.clone().text()).toBe(200)
    const seen = (await list(txId, buyerConveyancer)).enquiries[0]
    expect(seen.status).toBe('answered')
    expect(seen.replies).toEqual([
      expect.objectContaining({
        id: draftId,
        state: 'sent',
        kind: 'reply',
        body: 'The completion certificate (March 2020) is attached.',
        author: expect.objectContaining({ full_name: 'Sol Solicitor' }),
        documents: [expect.objectContaining({ id: file.id })],
      }),
    ])
    expect(await docAudience(file.id)).toBe('clients_and_conveyancers')
    expect(await canOpen(txId, file.id, buyerConveyancer)).toBe(true)
    expect(await canOpen(txId, file.id, agent)).toBe(false)
    expect((await notices(txId, buyerConveyancer)).map((n) => n.title)).toContain('Enquiry 1 is answered')
    expect(ClientTask.parse(await (await getTask(txId, taskId, seller)).json()).answer).toMatchObject({
      state: 'sent',
      body: 'Attached: signed off by the council in March 2020.',
    })
    // Once sent it is no longer a draft: sending again finds none.
    const again = await t.request(`${base(txId)}/enquiries/${enquiryId}/drafts/${draftId}/send`, {
      as: sellerConveyancer,
      json: { version: await version(txId, enquiryId), body: 'Again' },
    })
    expect(again.status).toBe(404)
  })

  it('refuses answering twice, the wrong person, and a file that is not theirs, each with a message', async () => {
    const txId = await newMatter()
    const enquiryId = await raise(txId, 'Has the boiler been serviced?')
    const { task_id: taskId } = (await (await ask(txId, enquiryId, sellerConveyancer)).json()) as { task_id: string }

    const byConveyancer = await answer(txId, taskId, sellerConveyancer, 'I answer for them')
    expect(byConveyancer.status).toBe(403)
    expect(((await byConveyancer.json()) as { error: { message: string } }).error.message).toContain(
      'Only the seller answers this task',
    )
    for (const who of [buyer, buyerConveyancer, agent]) expect((await answer(txId, taskId, who, 'Me')).status).toBe(404)

    // A file the buyer's conveyancer cannot be shown by the seller's conveyancer... a file someone else uploaded.
    const notTheirs = await uploadPdf(txId, sellerConveyancer, 'Service record.pdf', 'seller_and_conveyancer')
    const wrongFile = await answer(txId, taskId, seller, 'See the record', [notTheirs.id])
    expect(wrongFile.status).toBe(422)
    expect(((await wrongFile.json()) as { error: { message: string } }).error.message).toContain(
      'Attach only files you uploaded',
    )

    expect((await answer(txId, taskId, seller, 'Yes, in October.')).status).toBe(201)
    const twice = await answer(txId, taskId, seller, 'Yes, in October (again).')
    expect(twice.status).toBe(409)
    expect(((await twice.json()) as { error: { message: string } }).error.message).toContain(
      'You have already sent your answer to enquiry 1',
    )
    const [{ n }] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from enquiry_replies where client_task_id = $1',
      [taskId],
    )
    expect(n).toBe(1)
    // Asking the seller a second time about the same enquiry is refused too.
    expect((await ask(txId, enquiryId, sellerConveyancer)).status).toBe(409)
  })
})

describe('saving an answer before sending it', () => {
  it('is read by the client alone; sending it later makes the draft with the saved files', async () => {
    const txId = await newMatter()
    const enquiryId = await raise(txId, 'Are there any guarantees for the windows?')
    const { task_id: taskId } = (await (await ask(txId, enquiryId, sellerConveyancer)).json()) as { task_id: string }
    const file = await uploadPdf(txId, seller, 'FENSA certificate.pdf', 'seller_and_conveyancer')
    const saved = await t.request(`${base(txId)}/enquiry-tasks/${taskId}/answer`, {
      as: seller,
      method: 'PUT',
      json: { body: 'Yes, FENSA, I will look for the other one', document_ids: [file.id] },
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const mine = ClientTask.parse(await (await getTask(txId, taskId, seller)).json())
    expect(mine).toMatchObject({
      may_answer: true,
      answer: null,
      saved: {
        body: 'Yes, FENSA, I will look for the other one',
        documents: [expect.objectContaining({ id: file.id })],
      },
      task: { status: 'not_completed' },
    })
    // Their conveyancer sees neither the saved answer in the task nor a draft in the thread.
    const theirs = ClientTask.parse(await (await getTask(txId, taskId, sellerConveyancer)).json())
    expect(theirs).toMatchObject({ answer: null, saved: null })
    expect((await list(txId, sellerConveyancer)).enquiries[0].replies).toEqual([])

    // Sent later (with the files it keeps): the one draft, the task ticked.
    expect((await answer(txId, taskId, seller, 'Yes: the FENSA certificate is attached.', [file.id])).status).toBe(201)
    const drafts = (await list(txId, sellerConveyancer)).enquiries[0].replies
    expect(drafts).toEqual([
      expect.objectContaining({
        state: 'draft',
        body: 'Yes: the FENSA certificate is attached.',
        documents: [expect.objectContaining({ id: file.id })],
      }),
    ])
    // Saving after sending is refused like a second answer.
    const late = await t.request(`${base(txId)}/enquiry-tasks/${taskId}/answer`, {
      as: seller,
      method: 'PUT',
      json: { body: 'Changed my mind' },
    })
    expect(late.status).toBe(409)
  })
})

describe("the buyer answers in the task: a draft further enquiry only the buyer's conveyancer reads", () => {
  it('asks the buyer once the enquiry is answered; the answer is a draft; it can be discarded or sent', async () => {
    const txId = await newMatter()
    const enquiryId = await raise(txId, 'Which parking space comes with the flat?')
    // Not the buyer's conveyancer's turn while the enquiry waits for a reply.
    const early = await ask(txId, enquiryId, buyerConveyancer)
    expect(early.status).toBe(422)
    expect(((await early.json()) as { error: { message: string } }).error.message).toContain(
      'ask the buyer once it is answered',
    )
    // Neither client may ask anyone.
    expect((await ask(txId, enquiryId, buyer)).status).toBe(403)
    const replied = await t.request(`${base(txId)}/enquiries/${enquiryId}/replies`, {
      as: sellerConveyancer,
      json: { version: await version(txId, enquiryId), body: 'Space 14, shown on the lease plan.' },
    })
    expect(replied.status).toBe(201)

    const asked = await ask(txId, enquiryId, buyerConveyancer)
    expect(asked.status).toBe(201)
    const { task_id: taskId } = (await asked.json()) as { task_id: string }
    expect((await notices(txId, buyer)).map((n) => n.title)).toContain(
      'Your conveyancer needs your answer to enquiry 1',
    )
    expect((await list(txId, buyer)).enquiries[0].buyer_task).toMatchObject({ id: taskId })
    // The seller's side cannot read the buyer's task.
    for (const who of [seller, sellerConveyancer]) expect((await getTask(txId, taskId, who)).status).toBe(404)
    // The seller may not answer the buyer's task.
    expect((await answer(txId, taskId, seller, 'Space 15')).status).toBe(404)

    const res = await answer(
      txId,
      taskId,
      buyer,
      'Space 14 is the one we saw. Please ask if it is allocated or shared.',
    )
    expect(res.status).toBe(201)
    const { draft_id: draftId } = (await res.json()) as { draft_id: string }
    const mine = (await list(txId, buyerConveyancer)).enquiries[0]
    expect(mine.replies.map((r) => [r.kind, r.state])).toEqual([
      ['reply', 'sent'],
      ['further_enquiry', 'draft'],
    ])
    expect((await list(txId, sellerConveyancer)).enquiries[0].replies.map((r) => r.state)).toEqual(['sent'])
    expect((await notices(txId, buyerConveyancer)).map((n) => n.title)).toContain(
      'The buyer answered enquiry 1: a draft further enquiry to review',
    )

    // The buyer's conveyancer sends it as a further enquiry: the seller's conveyancer reads it, the clock restarts.
    const sent = await t.request(`${base(txId)}/enquiries/${enquiryId}/drafts/${draftId}/send`, {
      as: buyerConveyancer,
      json: { version: mine.version, body: 'Is space 14 allocated to the flat or shared?' },
    })
    expect(sent.status, await sent.clone().text()).toBe(200)
    const theirs = (await list(txId, sellerConveyancer)).enquiries[0]
    expect(theirs.status).toBe('further_enquiry')
    expect(theirs.replies.at(-1)).toMatchObject({
      kind: 'further_enquiry',
      state: 'sent',
      body: 'Is space 14 allocated to the flat or shared?',
    })
    expect(theirs.clock).toMatchObject({ state: 'running' })
  })

  it('a draft the conveyancer does not send leaves the thread; the client still sees their answer', async () => {
    const txId = await newMatter()
    const enquiryId = await raise(txId, 'Does the sale include the garden shed?')
    await t.request(`${base(txId)}/enquiries/${enquiryId}/replies`, {
      as: sellerConveyancer,
      json: { version: await version(txId, enquiryId), body: 'Yes, it stays.' },
    })
    const { task_id: taskId } = (await (await ask(txId, enquiryId, buyerConveyancer)).json()) as { task_id: string }
    const { draft_id: draftId } = (await (await answer(txId, taskId, buyer, 'That is fine by me.')).json()) as {
      draft_id: string
    }
    const discarded = await t.request(`${base(txId)}/enquiries/${enquiryId}/drafts/${draftId}/discard`, {
      as: buyerConveyancer,
      json: { version: await version(txId, enquiryId) },
    })
    expect(discarded.status).toBe(200)
    expect((await list(txId, buyerConveyancer)).enquiries[0].replies.map((r) => r.state)).toEqual(['sent'])
    expect(ClientTask.parse(await (await getTask(txId, taskId, buyer)).json()).answer).toMatchObject({
      state: 'discarded',
      body: 'That is fine by me.',
    })
    // The buyer's conveyancer marks it satisfied as usual.
    const satisfied = await t.request(`${base(txId)}/enquiries/${enquiryId}/status`, {
      as: buyerConveyancer,
      json: { version: await version(txId, enquiryId), status: 'satisfied' },
    })
    expect(satisfied.status).toBe(200)
  })
})
