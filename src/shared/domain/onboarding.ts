/**
 * The onboarding checklist of a professional firm: four steps, each computed from data, never ticked
 * by hand. Completing all four is the "complete onboarding" criterion of Silver accreditation.
 */

/** What the checklist is computed from. */
export interface OnboardingFacts {
  /** The firm's marketplace listing has a description, a town and a contact email. */
  profileComplete: boolean
  /** People working for the firm on Homeward. */
  teamMembers: number
  /** Moves the firm is (or was) instructed on. */
  cases: number
  /** Academy Lite courses passed by anyone in the firm. */
  coursesPassed: number
}

export type OnboardingStepKey = 'profile' | 'team' | 'first_case' | 'course'

export interface OnboardingStep {
  key: OnboardingStepKey
  label: string
  done: boolean
  /** What to do next, or what was done. */
  detail: string
}

/** A team is the firm's first member and at least one colleague. */
export const ONBOARDING_MIN_TEAM = 2

/** The four steps in order: profile, team, first case, one course. */
export function onboardingChecklist(f: OnboardingFacts): OnboardingStep[] {
  return [
    {
      key: 'profile',
      label: 'Complete your firm’s profile',
      done: f.profileComplete,
      detail: f.profileComplete
        ? 'Your marketplace listing has a description, a town and a contact email.'
        : 'Add a description, a town and a contact email to your marketplace listing.',
    },
    {
      key: 'team',
      label: 'Bring in your team',
      done: f.teamMembers >= ONBOARDING_MIN_TEAM,
      detail:
        f.teamMembers >= ONBOARDING_MIN_TEAM
          ? `${f.teamMembers} people work on Homeward for your firm.`
          : 'Invite at least one colleague to work on your firm’s cases.',
    },
    {
      key: 'first_case',
      label: 'Open your first case',
      done: f.cases > 0,
      detail:
        f.cases > 0
          ? `Your firm is instructed on ${f.cases} ${f.cases === 1 ? 'move' : 'moves'}.`
          : 'Join or open a move as its conveyancer, surveyor, broker or agent.',
    },
    {
      key: 'course',
      label: 'Pass an Academy Lite course',
      done: f.coursesPassed > 0,
      detail:
        f.coursesPassed > 0
          ? `${f.coursesPassed} ${f.coursesPassed === 1 ? 'course' : 'courses'} passed in your firm.`
          : 'Short CPD courses with a quiz and a certificate.',
    },
  ]
}

/** True when every step is done. */
export function onboardingComplete(f: OnboardingFacts): boolean {
  return onboardingChecklist(f).every((s) => s.done)
}
