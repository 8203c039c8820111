/**
 * The TA6 and TA10 form models built from the PDTF overlays: sections in the form's order, questions
 * with the overlay's numbering, answer kinds from the schema, follow-ups shown by their yes/no (or
 * included/excluded) answer, TA10's per-item choices and repeatable items; and the rules on answers
 * (pruning, required answers), checked against the PDTF schema itself.
 */
import { describe, expect, it } from 'vitest'
import {
  exampleAnswers,
  findQuestion,
  missingAnswers,
  pruneSection,
  sectionProgress,
  type FormModel,
} from '#shared/domain/property-forms.ts'
import { demoTa6Answers, demoTa10Answers } from '#server/seed/demo-property-forms.ts'
import { pdtfSchemaErrors } from './pdtf-schema'
import { buildFormModel, compareRefs, formModel, isFormQuestion, type SchemaNode } from './form-model'

const fieldsOf = (model: FormModel) => model.sections.flatMap((s) => s.questions.flatMap((q) => q.fields))

describe('form models from the PDTF overlays', () => {
  it('orders TA6 sections by the form numbering and leaves out the address (the move gives it)', () => {
    const ta6 = formModel('ta6')
    expect(ta6.title).toBe('TA6 Property Information Form')
    expect(ta6.sections[0]).toMatchObject({ key: 'legalBoundaries', ref: '1', title: 'Legal Boundaries' })
    expect(ta6.sections.map((s) => s.key)).not.toContain('address')
    const refs = ta6.sections.map((s) => s.ref)
    expect([...refs].sort(compareRefs)).toEqual(refs)
    expect(ta6.sections.length).toBeGreaterThan(20)
  })

  it('makes a yes/no question with a details follow-up shown only for "Yes"', () => {
    const { question } = findQuestion(formModel('ta6'), 'disputesAndComplaints.hasDisputesAndComplaints')!
    expect(question.ref).toBe('2.1')
    expect(question.title).toBe(
      'Have there been any disputes or complaints regarding this property or a property nearby?',
    )
    expect(question.fields).toEqual([
      expect.objectContaining({
        path: 'disputesAndComplaints.hasDisputesAndComplaints.yesNo',
        kind: 'choice',
        options: ['Yes', 'No'],
        required: true,
        show_if: [],
      }),
      expect.objectContaining({
        path: 'disputesAndComplaints.hasDisputesAndComplaints.details',
        ref: '2.1.2',
        kind: 'text',
        required: true,
        show_if: [{ path: 'disputesAndComplaints.hasDisputesAndComplaints.yesNo', values: ['Yes'] }],
      }),
    ])
  })

  it('reads multi-choice lists, dates with a "Not known" alternative, and TA10 items with their price', () => {
    const ta6 = formModel('ta6')
    expect(findQuestion(ta6, 'parking.parkingArrangements')!.question.fields[0]).toMatchObject({
      kind: 'multi',
      ref: '9.1',
    })
    const installed = fieldsOf(ta6).find((f) => f.path.endsWith('centralHeatingInstalled'))
    expect(installed).toMatchObject({ kind: 'date', options: ['Not known'] })

    const ta10 = formModel('ta10')
    expect(ta10.sections[0]).toMatchObject({ key: 'fixturesAndFittings.basicFittings', ref: '1' })
    const hob = findQuestion(ta10, 'fixturesAndFittings.kitchen.hob')!.question
    expect(hob.fields.find((f) => f.path.endsWith('isIncludedExcludedOrNone'))).toMatchObject({
      kind: 'choice',
      options: ['Included', 'Excluded', 'None'],
      required: true,
    })
    expect(hob.fields.find((f) => f.path.endsWith('.price'))).toMatchObject({
      kind: 'number',
      show_if: [{ path: 'fixturesAndFittings.kitchen.hob.isIncludedExcludedOrNone', values: ['Excluded'] }],
    })
    const other = fieldsOf(ta10).find((f) => f.path === 'fixturesAndFittings.otherItems.otherItems')
    expect(other?.kind).toBe('repeat')
    expect(other?.item_fields?.map((f) => f.path)).toEqual(
      expect.arrayContaining(['itemName', 'isIncludedOrExcluded', 'price']),
    )
  })

  it('builds from any overlay: a one-group form uses its children as sections; untitled fields take the question', () => {
    const schema: SchemaNode = {
      properties: {
        propertyPack: {
          type: 'object',
          properties: {
            garden: {
              type: 'object',
              title: 'Garden',
              properties: {
                shed: {
                  type: 'object',
                  title: 'Is there a shed?',
                  properties: { yesNo: { type: 'string', title: '', enum: ['Yes', 'No'] } },
                },
                pond: { type: 'object', title: 'Pond', properties: { depth: { type: 'number', title: 'Depth' } } },
              },
            },
          },
        },
      },
    }
    const overlay: SchemaNode = {
      properties: {
        propertyPack: {
          properties: {
            garden: {
              properties: {
                pond: {},
                shed: { ta6Ref: '1', required: ['yesNo'], properties: { yesNo: { ta6Ref: '1.1' } } },
              },
            },
          },
        },
      },
    }
    const model = buildFormModel('ta6', overlay, schema)
    // Numbered sections first, in the form's order; an unnumbered one after.
    expect(model.sections.map((s) => s.key)).toEqual(['garden.shed', 'garden.pond'])
    const shed = findQuestion(model, 'garden.shed.yesNo')!.question
    expect(shed.title).toBe('Is there a shed?')
    expect(shed.fields).toEqual([
      expect.objectContaining({ label: 'Is there a shed?', kind: 'choice', ref: '1.1', required: true }),
    ])
    // An overlay node that names nothing below it asks everything its schema has.
    expect(findQuestion(model, 'garden.pond.depth')!.question.fields[0]).toMatchObject({
      path: 'garden.pond.depth',
      kind: 'number',
    })
  })

  it('compares form numbers as numbers', () => {
    expect(['4.10', '4.9', '12', '2', null, '4.1'].sort(compareRefs)).toEqual(['2', '4.1', '4.9', '4.10', '12', null])
  })

  it('knows the questions enquiries may cite', () => {
    expect(isFormQuestion('ta6:parking.controlledParking')).toBe(true)
    expect(isFormQuestion('ta10:fixturesAndFittings.kitchen.hob')).toBe(true)
    expect(isFormQuestion('ta6:parking.nothingHere')).toBe(false)
    expect(isFormQuestion('ta7:parking.controlledParking')).toBe(false)
  })
})

describe('answers', () => {
  it('prunes a section: hidden follow-ups, blanks, unknown fields and invalid choices go', () => {
    const section = formModel('ta6').sections.find((s) => s.key === 'disputesAndComplaints')!
    const pruned = pruneSection(section, {
      disputesAndComplaints: {
        hasDisputesAndComplaints: { yesNo: 'No', details: 'Left over from a "Yes"' },
        leadingToDisputesAndComplaints: { yesNo: 'Maybe', details: '  ' },
        somethingElse: 1,
      },
      parking: { parkingArrangements: ['Garage'] },
    })
    expect(pruned).toEqual({ disputesAndComplaints: { hasDisputesAndComplaints: { yesNo: 'No' } } })
  })

  it('lists the required answers missing, following the answers given', () => {
    const ta6 = formModel('ta6')
    const section = ta6.sections.find((s) => s.key === 'disputesAndComplaints')!
    const yes = { disputesAndComplaints: { hasDisputesAndComplaints: { yesNo: 'Yes' } } }
    const missing = missingAnswers(ta6, yes).filter((m) => m.section === 'disputesAndComplaints')
    expect(missing.map((m) => m.path)).toEqual([
      'disputesAndComplaints.hasDisputesAndComplaints.details',
      'disputesAndComplaints.leadingToDisputesAndComplaints.yesNo',
    ])
    expect(sectionProgress(section, yes)).toEqual({ answered: 1, required: 3 })
  })

  it.each(['ta6', 'ta10'] as const)(
    'a complete %s (either way of answering) leaves nothing missing and is valid PDTF',
    (form) => {
      const model = formModel(form)
      for (const prefer of ['No', 'Yes', 'Excluded']) {
        const answers = exampleAnswers(model, { prefer })
        expect(missingAnswers(model, answers)).toEqual([])
        expect(pdtfSchemaErrors({ propertyPack: answers })).toEqual([])
      }
    },
  )
})

describe('demo data', () => {
  it("the demo seller's TA6 and TA10 are valid PDTF with every required answer, so he can sign them", () => {
    for (const [form, answers] of [
      ['ta6', demoTa6Answers()],
      ['ta10', demoTa10Answers()],
    ] as const) {
      expect(pdtfSchemaErrors({ propertyPack: answers }), form).toEqual([])
      expect(missingAnswers(formModel(form), answers), form).toEqual([])
    }
    // His own words stay.
    expect(JSON.stringify(demoTa6Answers())).toContain('leylandii')
  })
})

describe('the overlays the app ships', () => {
  it.each(['ta6', 'ta10'])('%s.json is the published OPDA overlay (../shared/pdtf/v3/overlays)', async (form) => {
    const { existsSync, readFileSync } = await import('node:fs')
    const path = await import('node:path')
    const shared = path.resolve(import.meta.dirname, `../../../../../shared/pdtf/v3/overlays/${form}.json`)
    if (!existsSync(shared)) return
    const app = path.resolve(import.meta.dirname, `overlays/${form}.json`)
    expect(JSON.parse(readFileSync(app, 'utf8'))).toEqual(JSON.parse(readFileSync(shared, 'utf8')))
  })
})
