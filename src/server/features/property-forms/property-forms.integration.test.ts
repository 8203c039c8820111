/**
 * The TA6 and TA10 forms through the API on a real database: the seller saves section by section and
 * resumes where they left off; an answer PDTF refuses is 422 and changes nothing; signing needs every
 * required answer, then files the PDF in Property, ticks the timeline task (never by hand) and records
 * the typed-name signature in the audit trail; the PDTF export carries the answers and validates with
 * Ajv; the buyer's side cannot edit and reads only signed answers; evidence links a move's document;
 * the buyer's conveyancer raises an enquiry on an answer; outsiders get 404.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { beforeAll, describe, expect, it } from 'vitest'
import { EnquiryList } from '#shared/contracts/enquiries.ts'
import { FormEvidence, PropertyFormResponse, SaveSectionResponse } from '#shared/contracts/property-forms.ts'
import { PROPERTY_FORM_TASK_RULE, exampleAnswers, getAt } from '#shared/domain/property-forms.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { makePdf } from '#server/test/test-files.ts'
import { formModel } from '#server/core/pdtf/form-model.ts'

const t = useTestApp()
const SHARED_SCHEMA = path.resolve(import.meta.dirname, '../../../../../shared/pdtf/v3/pdtf-transaction.json')
const APP_SCHEMA = path.resolve(import.meta.dirname, '../../core/pdtf/schema/pdtf-transaction.v3.json')

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

let buyer: TestUser
let seller: TestUser
let buyerConveyancer: TestUser
let outsider: TestUser

beforeAll(async () => {
  ;[buyer, seller, buyerConveyancer, outsider] = await Promise.all([
    t.signUp({ name: 'Amelia Buyer' }),
    t.signUp({ name: 'Tom Seller', role: 'seller' }),
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Olive Outsider' }),
  ])
})

async function newMove() {
  const move = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [{ profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' }],
  })
  return move.transactionId
}

const formUrl = (txId: string, form = 'ta6') => `/api/transactions/${txId}/forms/${form}`
const save = (txId: string, section: string, answers: unknown, as: TestUser = seller, form = 'ta6') =>
  t.request(`${formUrl(txId, form)}/sections/${section}`, { as, method: 'PUT', json: { answers } })

/** Saves every section of a complete example answer set, as the seller would. */
async function fillAll(txId: string, form: 'ta6' | 'ta10' = 'ta6') {
  const model = formModel(form)
  const answers = exampleAnswers(model, { prefer: 'Yes' })
  for (const s of model.sections) await json(await save(txId, s.key, answers, seller, form), 200)
  return answers
}

describe('property information forms', () => {
  it('saves a section and resumes with it; the buyer side sees nothing of a draft', async () => {
    const txId = await newMove()
    const empty = PropertyFormResponse.parse(await json(await t.request(formUrl(txId), { as: seller }), 200))
    expect(empty).toMatchObject({ status: 'not_started', answers: {}, can_edit: true, can_sign: true })
    expect(empty.model.sections[0]?.key).toBe('legalBoundaries')

    const saved = SaveSectionResponse.parse(
      await json(
        await save(txId, 'disputesAndComplaints', {
          disputesAndComplaints: {
            hasDisputesAndComplaints: { yesNo: 'Yes', details: 'A hedge height dispute with no. 14 in 2021' },
            leadingToDisputesAndComplaints: { yesNo: 'No', details: 'dropped: the "No" branch has no details' },
          },
          parking: { parkingArrangements: ['Garage'] },
        }),
        200,
      ),
    )
    expect(saved.answers).toEqual({
      disputesAndComplaints: {
        hasDisputesAndComplaints: { yesNo: 'Yes', details: 'A hedge height dispute with no. 14 in 2021' },
        leadingToDisputesAndComplaints: { yesNo: 'No' },
      },
    })

    const resumed = PropertyFormResponse.parse(await json(await t.request(formUrl(txId), { as: seller }), 200))
    expect(resumed.status).toBe('draft')
    expect(resumed.answers).toEqual(saved.answers)
    expect(resumed.missing.some((m) => m.section === 'disputesAndComplaints')).toBe(false)
    expect(resumed.missing.some((m) => m.section === 'parking')).toBe(true)

    const asBuyer = PropertyFormResponse.parse(await json(await t.request(formUrl(txId), { as: buyer }), 200))
    expect(asBuyer).toMatchObject({ status: 'draft', answers: {}, can_edit: false, can_sign: false })
    const [started] = await t.database.query<{ summary: string }>(
      `select summary from activity_events where transaction_id = $1 and kind = 'property_form.started'`,
      [txId],
    )
    expect(started?.summary).toBe('started the TA6 Property Information Form')
  })

  it('refuses the buyer and their conveyancer (403), an outsider (404), an unknown section and an answer PDTF refuses (422)', async () => {
    const txId = await newMove()
    const answers = { parking: { parkingArrangements: ['Garage'] } }
    expect((await save(txId, 'parking', answers, buyer)).status).toBe(403)
    expect((await save(txId, 'parking', answers, buyerConveyancer)).status).toBe(403)
    expect((await save(txId, 'parking', answers, outsider)).status).toBe(404)
    expect((await t.request(formUrl(txId), { as: outsider })).status).toBe(404)
    expect((await save(txId, 'nowhere', answers)).status).toBe(422)
    const bad = await json<{ error: { message: string } }>(
      await save(txId, 'heating', {
        heating: {
          heatingSystem: {
            heatingType: 'Central heating',
            centralHeatingDetails: { centralHeatingInstalled: '2020-02-31' },
          },
        },
      }),
      422,
    )
    // The refusal names the question and its section, not a schema path (issue 39).
    expect(bad.error.message).toMatch(
      /^The TA6 Property Information Form cannot keep your answer to “.+” \(section “Heating”, TA6 [\d.]+\): .+must be a date such as 2026-11-27\. Change it and it saves again\.$/,
    )
    expect(bad.error.message).not.toContain('propertyPack')
    expect(bad.error).toMatchObject({ fields: { section: ['heating'], question: ['heating.heatingSystem'] } })
    const [row] = await t.database.query(`select 1 from property_forms where transaction_id = $1`, [txId])
    expect(row).toBeUndefined()
  })

  it('signs a complete form: PDF in Property, task ticked by itself, signature audited, then read-only', async () => {
    const txId = await newMove()
    await json(await save(txId, 'parking', { parking: { parkingArrangements: ['Driveway'] } }), 200)
    const early = await json<{ error: { message: string } }>(
      await t.request(`${formUrl(txId)}/sign`, { as: seller, json: { typed_name: 'Tom Seller', confirm: true } }),
      422,
    )
    expect(early.error.message).toMatch(/^Answer every required question before signing: \d+ still to answer/)

    // The task is the form's: nobody ticks it by hand.
    const [task] = await t.database.query<{ id: string; version: number }>(
      `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1 and k.title = $2`,
      [txId, TASK_TITLES.ta6Form],
    )
    const byHand = await json<{ error: { message: string } }>(
      await t.request(`/api/transactions/${txId}/tasks/${task!.id}`, {
        as: seller,
        method: 'PATCH',
        json: { status: 'completed', version: task!.version },
      }),
      422,
    )
    expect(byHand.error.message).toBe(PROPERTY_FORM_TASK_RULE)

    await fillAll(txId)
    expect(
      (await t.request(`${formUrl(txId)}/sign`, { as: buyer, json: { typed_name: 'Amelia Buyer', confirm: true } }))
        .status,
    ).toBe(403)
    const signed = PropertyFormResponse.parse(
      await json(
        await t.request(`${formUrl(txId)}/sign`, { as: seller, json: { typed_name: 'Tom Seller', confirm: true } }),
        201,
      ),
    )
    expect(signed).toMatchObject({ status: 'signed', missing: [], can_edit: false, can_sign: false })
    expect(signed.signed?.name).toBe('Tom Seller')

    const [doc] = await t.database.query<{
      filename: string
      folder: string
      content_type: string
      size_bytes: number
    }>(`select filename, folder, content_type, size_bytes from documents where id = $1`, [signed.signed?.document_id])
    expect(doc).toMatchObject({
      filename: 'TA6 Property Information Form.pdf',
      folder: 'Property',
      content_type: 'application/pdf',
    })
    expect(Number(doc!.size_bytes)).toBeGreaterThan(2000) // bigint: text from node-postgres

    const [ticked] = await t.database.query<{ status: string; completed_by: string }>(
      `select k.status, k.completed_by from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1 and k.title = $2`,
      [txId, TASK_TITLES.ta6Form],
    )
    expect(ticked).toEqual({ status: 'completed', completed_by: seller.profileId })
    const audit = await t.database.query<{ kind: string; summary: string }>(
      `select kind, summary from activity_events where transaction_id = $1 and kind in ('property_form.signed', 'task.completed') order by seq`,
      [txId],
    )
    expect(audit.map((a) => a.summary)).toEqual([
      'signed the TA6 Property Information Form as “Tom Seller”',
      `ticked “${TASK_TITLES.ta6Form}” (Property information) automatically: the seller signed the form in Homeward`,
    ])

    // Signed answers are final, and the buyer's side now reads them.
    expect((await save(txId, 'parking', { parking: { parkingArrangements: ['Garage'] } })).status).toBe(409)
    const asBuyer = PropertyFormResponse.parse(await json(await t.request(formUrl(txId), { as: buyer }), 200))
    expect(asBuyer.status).toBe('signed')
    expect(getAt(asBuyer.answers, 'disputesAndComplaints.hasDisputesAndComplaints.yesNo')).toBe('Yes')
    expect(asBuyer.can_edit).toBe(false)
    const asConveyancer = PropertyFormResponse.parse(
      await json(await t.request(formUrl(txId), { as: buyerConveyancer }), 200),
    )
    expect(asConveyancer.can_raise_enquiries).toBe(true)
  })

  it('signs TA10 with its optional lists ("Other items") left empty; a missing answer is named with its section', async () => {
    const txId = await newMove()
    const early = await json<{ error: { message: string } }>(
      await t.request(`${formUrl(txId, 'ta10')}/sign`, {
        as: seller,
        json: { typed_name: 'Tom Seller', confirm: true },
      }),
      422,
    )
    expect(early.error.message).toMatch(
      /^Answer every required question before signing: \d+ still to answer, such as “[^”]+” in “Basic Fittings”, “[^”]+” in “Basic Fittings”/,
    )
    const answers = await fillAll(txId, 'ta10')
    const lists = formModel('ta10')
      .sections.flatMap((s) => s.questions.flatMap((q) => q.fields))
      .filter((f) => f.kind === 'repeat')
    expect(lists.length).toBeGreaterThanOrEqual(7)
    for (const list of lists) {
      expect(list.required, list.path).toBe(false)
      expect(getAt(answers, list.path), list.path).toBeUndefined()
    }
    const signed = PropertyFormResponse.parse(
      await json(
        await t.request(`${formUrl(txId, 'ta10')}/sign`, {
          as: seller,
          json: { typed_name: 'Tom Seller', confirm: true },
        }),
        201,
      ),
    )
    expect(signed).toMatchObject({ status: 'signed', missing: [] })
  })

  it('exports the answers in the PDTF pack, valid against the published schema (Ajv)', async () => {
    const txId = await newMove()
    const ta6 = await fillAll(txId, 'ta6')
    const ta10 = await fillAll(txId, 'ta10')
    await json(
      await t.request(`${formUrl(txId, 'ta6')}/sign`, {
        as: seller,
        json: { typed_name: 'Tom Seller', confirm: true },
      }),
      201,
    )
    // TA10 stays a draft: the seller's side exports it, the buyer does not see it.
    const mine = await json<{ propertyPack: Record<string, unknown> }>(
      await t.request(`/api/transactions/${txId}/pdtf`, { as: seller }),
      200,
    )
    const theirs = await json<{ propertyPack: Record<string, unknown> }>(
      await t.request(`/api/transactions/${txId}/pdtf`, { as: buyer }),
      200,
    )
    expect(mine.propertyPack.disputesAndComplaints).toEqual(ta6.disputesAndComplaints)
    expect(mine.propertyPack.fixturesAndFittings).toEqual(ta10.fixturesAndFittings)
    expect(theirs.propertyPack.heating).toEqual(ta6.heating)
    expect(theirs.propertyPack.fixturesAndFittings).toBeUndefined()
    // The move's own address stays: the forms never write it.
    expect(mine.propertyPack.address).toMatchObject({ town: 'St Albans' })

    const schemaFile = existsSync(SHARED_SCHEMA) ? SHARED_SCHEMA : APP_SCHEMA
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object)
    for (const pack of [mine, theirs]) {
      expect(validate(pack), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true)
    }
  }, 60_000)

  it('attaches a document of the move to an answer as evidence, and detaches it', async () => {
    const txId = await newMove()
    const upload = await t.app.request(
      `/api/transactions/${txId}/documents?${new URLSearchParams({ folder: 'Property', filename: 'Boiler service 2026.pdf' })}`,
      {
        method: 'POST',
        headers: { cookie: seller.cookie, origin: new URL(t.config.publicUrl).origin },
        body: new Uint8Array(await makePdf('Boiler service certificate')),
      },
    )
    const doc = await json<{ id: string }>(upload, 201)
    const added = FormEvidence.parse(
      await json(
        await t.request(`${formUrl(txId)}/evidence`, {
          as: seller,
          json: { question: 'heating.heatingSystem', document_id: doc.id },
        }),
        201,
      ),
    )
    expect(added).toMatchObject({ question: 'heating.heatingSystem', filename: 'Boiler service 2026.pdf' })
    expect(
      (
        await t.request(`${formUrl(txId)}/evidence`, {
          as: seller,
          json: { question: 'heating.nowhere', document_id: doc.id },
        })
      ).status,
    ).toBe(422)
    expect(
      (
        await t.request(`${formUrl(txId)}/evidence`, {
          as: buyer,
          json: { question: 'heating.heatingSystem', document_id: doc.id },
        })
      ).status,
    ).toBe(403)
    const form = PropertyFormResponse.parse(await json(await t.request(formUrl(txId), { as: seller }), 200))
    expect(form.evidence.map((e) => e.id)).toEqual([added.id])
    expect((await t.request(`${formUrl(txId)}/evidence/${added.id}`, { as: seller, method: 'DELETE' })).status).toBe(
      204,
    )
    const after = PropertyFormResponse.parse(await json(await t.request(formUrl(txId), { as: seller }), 200))
    expect(after.evidence).toEqual([])
  })

  it("lets the buyer's conveyancer raise an enquiry on an answer, kept with the question it cites", async () => {
    const txId = await newMove()
    const raised = await json<{ ids: string[] }>(
      await t.request(`/api/transactions/${txId}/enquiries`, {
        as: buyerConveyancer,
        json: {
          enquiries: [
            {
              category: 'property_information',
              body: 'TA6 9.2: please give the annual cost of the parking permit.',
              form_question: 'ta6:parking.controlledParking',
            },
          ],
        },
      }),
      201,
    )
    const list = EnquiryList.parse(
      await json(await t.request(`/api/transactions/${txId}/enquiries`, { as: buyerConveyancer }), 200),
    )
    expect(list.enquiries.find((e) => e.id === raised.ids[0])?.form_question).toBe('ta6:parking.controlledParking')
    const unknown = await t.request(`/api/transactions/${txId}/enquiries`, {
      as: buyerConveyancer,
      json: { enquiries: [{ category: 'other', body: 'Which?', form_question: 'ta6:parking.nowhere' }] },
    })
    expect(unknown.status).toBe(422)
  })
})
