import { Link } from 'react-router'
import { ACADEMY_PATH, ACCREDITATION_PATH } from '#shared/paths.ts'
import { useAcademy } from '../api'
import { OnboardingChecklist } from './onboarding-checklist'

/**
 * The onboarding checklist on a professional's home page while their firm has steps left (nothing
 * once it is complete, or while loading or failing: the home page's own content comes first).
 */
export function ProfessionalOnboarding() {
  const academy = useAcademy()
  const onboarding = academy.data?.onboarding
  if (!onboarding || onboarding.complete) return null
  return (
    <div className="flex flex-col gap-2">
      <OnboardingChecklist onboarding={onboarding} />
      <p className="text-sm text-muted-foreground">
        <Link to={ACADEMY_PATH} className="underline">
          Academy Lite courses
        </Link>{' '}
        ·{' '}
        <Link to={ACCREDITATION_PATH} className="underline">
          Your firm's accreditation
        </Link>
      </p>
    </div>
  )
}
