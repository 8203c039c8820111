import { CheckCircle2, Download, XCircle } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { QuizResult } from '#shared/contracts/academy.ts'
import { cpdDuration, shuffleQuiz } from '#shared/domain/academy.ts'
import { ACADEMY_PATH, coursePath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { certificateUrl, useCourse, useSubmitQuiz } from '../api'

/**
 * The course's quiz: one radio group per question, questions and options in a fresh order for every
 * attempt (shuffleQuiz); on submit, the result: once passed, each right answer and why; after a fail,
 * only which answers were wrong (the server sends no answers then).
 */
export function QuizForm({ slug }: { slug: string }) {
  const course = useCourse(slug)
  const submit = useSubmitQuiz(slug)
  const [answers, setAnswers] = useState<Record<string, number>>({})
  const [result, setResult] = useState<QuizResult | null>(null)
  const [attempt, setAttempt] = useState(0)
  // A new order for each attempt ("Try again" bumps it), stable while the attempt is on screen.
  const questions = useMemo(
    () => (course.data ? shuffleQuiz(course.data.questions, Math.random) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt: a fresh shuffle per attempt
    [course.data, attempt],
  )
  const [missing, setMissing] = useState(false)
  const resultHeading = useRef<HTMLHeadingElement>(null)
  // The result replaces the form: bring it into view and move focus to it, for keyboard and screen readers.
  useEffect(() => {
    if (result) {
      window.scrollTo({ top: 0 })
      resultHeading.current?.focus()
    }
  }, [result])
  if (course.isPending) return <Skeleton className="h-96 w-full" aria-busy="true" />
  if (course.isError) {
    return (
      <p role="alert" className="rounded-lg border bg-background p-6">
        {course.error.message}
      </p>
    )
  }
  const c = course.data
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (c.questions.some((q) => answers[q.id] === undefined)) {
      setMissing(true)
      return
    }
    setMissing(false)
    submit.mutate(answers, { onSuccess: (r) => setResult(r) })
  }

  if (result) {
    return (
      <section
        aria-labelledby="result-title"
        className="mx-auto flex w-full max-w-3xl flex-col gap-5"
        data-testid="quiz-result"
      >
        <div className="flex flex-col gap-2 rounded-lg border bg-background p-6">
          <h1
            id="result-title"
            ref={resultHeading}
            className="flex items-center gap-2 text-2xl font-bold outline-none"
            tabIndex={-1}
          >
            {result.passed ? (
              <CheckCircle2 className="size-7 text-success-foreground" aria-hidden="true" />
            ) : (
              <XCircle className="size-7 text-destructive" aria-hidden="true" />
            )}
            {result.passed ? 'Passed' : 'Not passed this time'}
          </h1>
          <p>
            You answered {result.correct} of {result.total} correctly ({result.score_percent}%); the pass mark is{' '}
            {result.pass_mark_percent}%.
          </p>
          {result.record ? (
            <p>
              {cpdDuration(result.record.cpd_minutes)} of CPD recorded. Certificate number{' '}
              <strong>{result.record.certificate_number}</strong>.
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-3">
            {result.record ? (
              <Button asChild>
                <a href={certificateUrl(result.record.id)} download>
                  <Download aria-hidden="true" /> Download certificate (PDF)
                </a>
              </Button>
            ) : (
              <Button
                onClick={() => {
                  setResult(null)
                  setAnswers({})
                  setAttempt((n) => n + 1)
                }}
              >
                Try again
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to={coursePath(slug)}>Back to the lessons</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={ACADEMY_PATH}>All courses</Link>
            </Button>
          </div>
        </div>
        {!result.passed && (
          <p className="text-sm text-muted-foreground">
            The questions marked wrong are below; the right answers are shown once you pass. Read the lessons again,
            then try again: the questions come in a new order.
          </p>
        )}
        <ol className="flex flex-col gap-3">
          {questions.map((q, i) => {
            const r = result.questions.find((x) => x.id === q.id)!
            const chosen = q.options.find((o) => o.index === r.chosen)?.text
            const answer = r.answer === null ? undefined : q.options.find((o) => o.index === r.answer)?.text
            return (
              <li key={q.id} className="rounded-lg border bg-background p-4" data-testid="quiz-question-result">
                <p className="font-medium">
                  {i + 1}. {q.prompt}
                </p>
                {chosen !== undefined && <p className="text-sm">Your answer: {chosen}</p>}
                <p className={r.correct ? 'text-success-foreground' : 'text-destructive'}>
                  {r.correct ? 'Correct' : answer !== undefined ? `Not quite: the answer is "${answer}"` : 'Wrong'}
                </p>
                {r.explanation && <p className="text-sm text-muted-foreground">{r.explanation}</p>}
              </li>
            )
          })}
        </ol>
      </section>
    )
  }

  return (
    <form onSubmit={onSubmit} className="mx-auto flex w-full max-w-3xl flex-col gap-5" noValidate>
      <header className="flex flex-col gap-1">
        <Link to={coursePath(slug)} className="text-sm text-muted-foreground underline">
          {c.title}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Quiz</h1>
        <p className="text-muted-foreground">
          {c.questions.length} questions; {c.pass_mark_percent}% to pass and record {cpdDuration(c.cpd_minutes)} of CPD.
        </p>
      </header>
      {questions.map((q, i) => (
        <fieldset key={q.id} className="flex flex-col gap-2 rounded-lg border bg-background p-4">
          <legend className="px-1 font-medium">
            {i + 1}. {q.prompt}
          </legend>
          {q.options.map((o) => (
            <label key={o.index} className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-surface">
              <input
                type="radio"
                name={q.id}
                value={o.index}
                checked={answers[q.id] === o.index}
                onChange={() => setAnswers((a) => ({ ...a, [q.id]: o.index }))}
                className="mt-1"
              />
              <span>{o.text}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {missing ? (
        <p role="alert" className="text-destructive">
          Answer every question before submitting.
        </p>
      ) : null}
      {submit.isError ? (
        <p role="alert" className="text-destructive">
          {submit.error.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="lg" disabled={submit.isPending}>
          {submit.isPending ? 'Marking…' : 'Submit answers'}
        </Button>
      </div>
    </form>
  )
}
