import { describe, expect, it } from 'vitest'
import { describeFailure } from './job-runner'

describe('describeFailure', () => {
  it("puts the database's reason first and keeps the statement short", () => {
    const err = new Error(`Failed query: insert into sla_clocks ${'x'.repeat(300)}\nparams: a,b`, {
      cause: new Error('deadlock detected'),
    })
    const text = describeFailure(err)
    expect(text.startsWith('deadlock detected (Failed query: insert into sla_clocks')).toBe(true)
    expect(text.endsWith('…)')).toBe(true)
    expect(text.length).toBeLessThan(200)
  })
  it('gives a plain error its message and anything else as text', () => {
    expect(describeFailure(new Error('disk full'))).toBe('disk full')
    expect(describeFailure('gone')).toBe('gone')
  })
})
