import { describe, expect, it } from 'vitest'
import { CDD_TASK_RULE, CDD_TASK_TITLES } from './client-due-diligence'
import { PROPERTY_FORM_TASK_RULE } from './property-forms'
import { clientTaskTitle } from './enquiries'
import {
  CLIENT_ANSWER_TASK_RULE,
  FEATURE_TICKED_TASKS,
  featureTickNote,
  selfTickingRule,
  SELF_TICKING_TASKS,
} from './self-ticking-tasks'
import { SOURCE_OF_FUNDS_TASK_RULE } from './source-of-funds'
import { EXCHANGE_TASK_TITLE, standardTimeline, TASK_TITLES } from './timeline-template'

describe('self-ticking tasks', () => {
  it('lists the ID and AML, source of funds, TA6 and TA10 tasks, each with its note and refusal', () => {
    expect(Object.keys(SELF_TICKING_TASKS).sort()).toEqual(
      [
        CDD_TASK_TITLES.buyer,
        CDD_TASK_TITLES.seller,
        TASK_TITLES.sourceOfFunds,
        TASK_TITLES.ta6Form,
        TASK_TITLES.ta10Form,
      ].sort(),
    )
    expect(selfTickingRule(CDD_TASK_TITLES.seller)).toMatchObject({ refusal: CDD_TASK_RULE, refuses: 'both' })
    expect(selfTickingRule(TASK_TITLES.sourceOfFunds)).toMatchObject({
      refusal: SOURCE_OF_FUNDS_TASK_RULE,
      refuses: 'tick',
    })
    expect(selfTickingRule(TASK_TITLES.ta10Form)?.refusal).toBe(PROPERTY_FORM_TASK_RULE)
    for (const rule of Object.values(SELF_TICKING_TASKS)) expect(rule.note).toMatch(/^Ticks itself when /)
  })

  it('knows no other task, and no inherited property name', () => {
    expect(selfTickingRule('Search fees paid on account')).toBeNull()
    expect(selfTickingRule('constructor')).toBeNull()
  })

  it("recognises a client's task to answer an enquiry by its title: it ticks itself when the answer is sent", () => {
    const title = clientTaskTitle(12, 'Please supply the completion certificate.')
    expect(title).toBe('Answer enquiry 12 for your conveyancer: Please supply the completion certificate.')
    expect(selfTickingRule(title)).toBe(CLIENT_ANSWER_TASK_RULE)
    expect(CLIENT_ANSWER_TASK_RULE).toMatchObject({
      refuses: 'tick',
      note: expect.stringMatching(/^Ticks itself when /),
    })
    expect(selfTickingRule('Answer the phone')).toBeNull()
  })
})

describe('tasks a feature ticks, which a person may tick too', () => {
  it('are on the standard timeline, each with a note, and none refuses a manual tick', () => {
    const titles = new Set(standardTimeline({ tenure: 'freehold' }).flatMap((s) => s.tasks.map((k) => k.title)))
    expect(Object.keys(FEATURE_TICKED_TASKS)).toContain(EXCHANGE_TASK_TITLE)
    for (const [title, note] of Object.entries(FEATURE_TICKED_TASKS)) {
      expect(titles.has(title), title).toBe(true)
      expect(note).toMatch(/^Ticks itself when /)
      expect(selfTickingRule(title)).toBeNull()
    }
    expect(featureTickNote(TASK_TITLES.depositTransferred)).toMatch(/client-money partner/)
    expect(featureTickNote('Search fees paid on account')).toBeNull()
    expect(featureTickNote('constructor')).toBeNull()
  })
})
