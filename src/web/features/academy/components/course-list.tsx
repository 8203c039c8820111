import { Award, Clock, Download } from 'lucide-react'
import { Link } from 'react-router'
import { cpdDuration } from '#shared/domain/academy.ts'
import { coursePath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { certificateUrl, useAcademy } from '../api'
import { OnboardingChecklist } from './onboarding-checklist'

/** Academy Lite's front page: CPD recorded, the firm's checklist, and every course with its state. */
export function CourseList() {
  const academy = useAcademy()
  if (academy.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-64 w-full" />
        ))}
      </div>
    )
  }
  if (academy.isError) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 bg-background p-4">
        {academy.error.message}
      </p>
    )
  }
  const { courses, cpd_minutes_total, onboarding } = academy.data
  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted-foreground" data-testid="cpd-total">
        CPD recorded through Academy Lite: <strong className="text-foreground">{cpdDuration(cpd_minutes_total)}</strong>
      </p>
      {onboarding ? <OnboardingChecklist onboarding={onboarding} /> : null}
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {courses.map((c) => (
          <li key={c.slug}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                <div className="flex flex-wrap gap-2">
                  <Badge variant="soft">
                    <Clock className="size-3" aria-hidden="true" /> {cpdDuration(c.cpd_minutes)} CPD
                  </Badge>
                  {c.record ? (
                    <Badge variant="success">
                      <Award className="size-3" aria-hidden="true" /> Passed
                    </Badge>
                  ) : null}
                </div>
                <CardTitle as="h2" className="text-lg">
                  <Link to={coursePath(c.slug)} className="hover:underline">
                    {c.title}
                  </Link>
                </CardTitle>
                <CardDescription>{c.summary}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto text-sm text-muted-foreground">
                {c.lessons_count} lessons, a {c.questions_count}-question quiz, pass mark {c.pass_mark_percent}%.
                {c.record ? ` Passed on ${formatUkDate(c.record.passed_at)} with ${c.record.score_percent}%.` : ''}
              </CardContent>
              <CardFooter className="flex flex-wrap gap-2">
                <Button asChild variant={c.record ? 'outline' : 'default'}>
                  <Link to={coursePath(c.slug)}>{c.record ? 'Review the course' : 'Start the course'}</Link>
                </Button>
                {c.record ? (
                  <Button asChild variant="ghost">
                    <a href={certificateUrl(c.record.id)} download>
                      <Download aria-hidden="true" /> Certificate
                    </a>
                  </Button>
                ) : null}
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
