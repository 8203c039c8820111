import { CheckCircle2, Circle } from 'lucide-react'
import type { FirmOnboarding } from '#shared/contracts/academy.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'

/** The firm's onboarding checklist: each step done or not, computed by the server from data. */
export function OnboardingChecklist({ onboarding }: { onboarding: FirmOnboarding }) {
  const done = onboarding.steps.filter((s) => s.done).length
  return (
    <Card data-testid="onboarding-checklist">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Getting {onboarding.organization.name} started
        </CardTitle>
        <CardDescription>
          {onboarding.complete
            ? 'Onboarding complete: one of the Silver accreditation criteria.'
            : `${done} of ${onboarding.steps.length} steps done. Completing all four is a Silver accreditation criterion.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {onboarding.steps.map((step) => (
            <li key={step.key} className="flex items-start gap-3">
              {step.done ? (
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success-foreground" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="flex flex-col">
                <span className="font-medium">
                  {step.label}
                  <span className="sr-only">{step.done ? ': done' : ': not done yet'}</span>
                </span>
                <span className="text-sm text-muted-foreground">{step.detail}</span>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
