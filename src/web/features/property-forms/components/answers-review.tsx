import type { Answers, FormModel } from '#shared/domain/property-forms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { answerLines } from './answer-text'

/**
 * Every answer of the form, grouped by section, for the seller to check before signing ("Review and
 * sign", issue 39): each section with its questions and answers as the buyer will read them, an
 * unanswered required one as "Not answered", an empty list as "None", and a button to change the section.
 */
export function AnswersReview({
  model,
  answers,
  onChange,
}: {
  model: FormModel
  answers: Answers
  onChange?: (section: string) => void
}) {
  return (
    <div className="flex flex-col gap-4" data-testid="answers-review">
      <h3 className="text-lg font-semibold">Your answers</h3>
      {model.sections.map((s) => (
        <section key={s.key} aria-labelledby={`review-${s.key}`} className="rounded-xl border bg-background p-4 sm:p-5">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h4 id={`review-${s.key}`} className="font-semibold">
              {s.ref ? `${s.ref} ` : ''}
              {s.title}
            </h4>
            {onChange && (
              <Button variant="outline" size="sm" onClick={() => onChange(s.key)} aria-label={`Change ${s.title}`}>
                Change
              </Button>
            )}
          </div>
          <ol className="flex flex-col divide-y">
            {s.questions.map((q) => {
              const lines = answerLines(q, answers)
              if (!lines.length) return null
              return (
                <li key={q.key} className="py-2">
                  <p className="text-sm font-medium">
                    {q.ref && <span className="mr-2 text-muted-foreground">{q.ref}</span>}
                    {q.title}
                  </p>
                  <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,14rem)_1fr]">
                    {lines.map((l) => (
                      <div key={l.field.path} className="contents">
                        <dt className="text-muted-foreground">{l.label}</dt>
                        <dd
                          className={
                            l.text === 'Not answered'
                              ? 'font-medium text-amber-900'
                              : 'font-medium break-words whitespace-pre-line'
                          }
                        >
                          {l.text}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              )
            })}
          </ol>
        </section>
      ))}
    </div>
  )
}
