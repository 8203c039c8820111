import { describe, expect, it } from 'vitest'
import { onboardingChecklist, onboardingComplete } from './onboarding'

const done = { profileComplete: true, teamMembers: 2, cases: 1, coursesPassed: 1 }

describe('onboardingChecklist', () => {
  it('lists profile, team, first case and one course, each from its fact', () => {
    expect(onboardingChecklist(done).map((s) => [s.key, s.done])).toEqual([
      ['profile', true],
      ['team', true],
      ['first_case', true],
      ['course', true],
    ])
    expect(onboardingComplete(done)).toBe(true)
  })

  it.each([
    ['profile', { profileComplete: false }],
    ['team', { teamMembers: 1 }],
    ['first_case', { cases: 0 }],
    ['course', { coursesPassed: 0 }],
  ] as const)('%s is not done at its threshold minus one', (key, change) => {
    const steps = onboardingChecklist({ ...done, ...change })
    expect(steps.find((s) => s.key === key)!.done).toBe(false)
    expect(steps.filter((s) => !s.done)).toHaveLength(1)
    expect(onboardingComplete({ ...done, ...change })).toBe(false)
  })
})
