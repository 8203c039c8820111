import { CheckCircle2, ChevronLeft, ChevronRight, Circle, CloudOff, Loader2 } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import {
  getAt,
  isShown,
  missingAnswers,
  sectionProgress,
  setAt,
  type Answers,
  type FormSectionModel,
  type PropertyFormKind,
} from '#shared/domain/property-forms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSaveSection, useSignForm } from '../api'
import { AnswersReview } from './answers-review'
import { FieldInput } from './field-input'
import { QuestionEvidence } from './question-evidence'

const SIGN_STEP = 'sign'
/** Pause in typing after which the section is saved. */
const AUTOSAVE_MS = 700

type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'error'; message: string }

/**
 * The seller's side fills the form: its sections in a stepper with progress, one section at a time,
 * every change saved a moment after typing stops (and on moving to another section), with a visible
 * save state; a final step lists what is still to answer, shows every answer grouped by section (each
 * with a way back to change it), and lets the seller sign with their typed name.
 */
export function FormEditor({
  txId,
  form,
  data,
  initialSection,
  onSectionChange,
}: {
  txId: string
  form: PropertyFormKind
  data: PropertyFormResponse
  initialSection: string | null
  onSectionChange: (section: string) => void
}) {
  const model = data.model
  const [answers, setAnswers] = useState<Answers>(data.answers)
  // The latest answers for a save in flight (updated with the state, in the change handler).
  const answersRef = useRef(answers)
  const pending = useRef(new Set<string>())
  const [saveState, setSaveState] = useState<SaveState>(
    data.updated_at ? { kind: 'saved', at: data.updated_at } : { kind: 'idle' },
  )
  const [showErrors, setShowErrors] = useState(false)
  const save = useSaveSection(txId, form)
  const firstOpen = () => {
    if (initialSection && (initialSection === SIGN_STEP || model.sections.some((s) => s.key === initialSection)))
      return initialSection
    const missing = missingAnswers(model, data.answers)
    return missing[0]?.section ?? (data.updated_at ? SIGN_STEP : (model.sections[0]?.key ?? SIGN_STEP))
  }
  const [step, setStep] = useState<string>(firstOpen)
  const headingRef = useRef<HTMLHeadingElement>(null)

  const flush = useCallback(async () => {
    const sections = [...pending.current]
    pending.current.clear()
    for (const section of sections) {
      setSaveState({ kind: 'saving' })
      try {
        const res = await save.mutateAsync({ section, answers: answersRef.current })
        setSaveState({ kind: 'saved', at: res.updated_at })
      } catch (err) {
        pending.current.add(section)
        setSaveState({ kind: 'error', message: err instanceof Error ? err.message : 'Could not save' })
      }
    }
  }, [save])

  useEffect(() => {
    if (pending.current.size === 0) return
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS)
    return () => clearTimeout(timer)
  }, [answers, flush])

  const change = (section: string, path: string, value: unknown) => {
    pending.current.add(section)
    const next = setAt(answersRef.current, path, value)
    answersRef.current = next
    setAnswers(next)
  }

  const go = (next: string) => {
    void flush()
    setStep(next)
    onSectionChange(next)
    requestAnimationFrame(() => headingRef.current?.focus())
  }

  const total = model.sections.reduce(
    (acc, s) => {
      const p = sectionProgress(s, answers)
      return { answered: acc.answered + p.answered, required: acc.required + p.required }
    },
    { answered: 0, required: 0 },
  )
  const percent = total.required ? Math.round((total.answered / total.required) * 100) : 0
  const index = model.sections.findIndex((s) => s.key === step)
  const section = index >= 0 ? model.sections[index] : null
  const steps = [...model.sections.map((s) => s.key), SIGN_STEP]
  const at = steps.indexOf(step)

  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <aside className="flex flex-col gap-4">
        <div className="rounded-xl border bg-background p-4">
          <p id="form-progress-label" className="mb-2 text-sm font-medium">
            {total.answered} of {total.required} required answers
          </p>
          <Progress value={percent} aria-labelledby="form-progress-label" />
          <SaveIndicator state={saveState} onRetry={() => void flush()} />
        </div>
        <div className="lg:hidden">
          <label htmlFor="section-picker" className="mb-1 block text-sm font-medium">
            Section {at + 1} of {steps.length}
          </label>
          <NativeSelect id="section-picker" value={step} onChange={(e) => go(e.target.value)}>
            {model.sections.map((s) => (
              <option key={s.key} value={s.key}>
                {s.ref ? `${s.ref} ` : ''}
                {s.title}
              </option>
            ))}
            <option value={SIGN_STEP}>Review and sign</option>
          </NativeSelect>
        </div>
        <nav aria-label="Sections of the form" className="hidden lg:block">
          <ol className="flex flex-col gap-1">
            {model.sections.map((s) => (
              <li key={s.key}>
                <StepButton section={s} answers={answers} current={s.key === step} onClick={() => go(s.key)} />
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => go(SIGN_STEP)}
                aria-current={step === SIGN_STEP ? 'step' : undefined}
                className={cn(
                  'w-full rounded-md px-3 py-2 text-left text-sm font-semibold hover:bg-muted',
                  step === SIGN_STEP && 'bg-primary-soft/60',
                )}
              >
                Review and sign
              </button>
            </li>
          </ol>
        </nav>
      </aside>

      <div className="flex min-w-0 flex-col gap-4">
        {section ? (
          <section aria-labelledby="section-heading" className="flex flex-col gap-4">
            <h2 id="section-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
              {section.ref ? `${section.ref} ` : ''}
              {section.title}
            </h2>
            {section.questions.map((q) => {
              const fields = q.fields.filter((f) => isShown(f, answers))
              return (
                <div
                  key={q.key}
                  id={`q-${q.key}`}
                  className="flex flex-col gap-4 rounded-xl border bg-background p-4 sm:p-5"
                >
                  <div>
                    <h3 className="font-semibold">
                      {q.ref && <span className="mr-2 text-muted-foreground">{q.ref}</span>}
                      {q.title}
                    </h3>
                    {q.hint && <p className="text-sm text-muted-foreground">{q.hint}</p>}
                  </div>
                  {fields.map((f) => {
                    const value = getAt(answers, f.path)
                    const missing =
                      showErrors &&
                      f.required &&
                      (value === undefined || value === '' || (Array.isArray(value) && !value.length))
                    return (
                      <FieldInput
                        key={f.path}
                        field={f}
                        value={value}
                        idPrefix="f"
                        hideLabel={f.label === q.title}
                        onChange={(v) => change(section.key, f.path, v)}
                        error={missing ? 'Answer this question' : undefined}
                      />
                    )
                  })}
                  <QuestionEvidence
                    txId={txId}
                    form={form}
                    question={q.key}
                    title={q.title}
                    evidence={data.evidence}
                    editable
                  />
                </div>
              )
            })}
          </section>
        ) : (
          <SignStep
            txId={txId}
            form={form}
            model={data.model}
            answers={answers}
            canSign={data.can_sign}
            signatures={data.signatures}
            waitingFor={data.waiting_for}
            headingRef={headingRef}
            beforeSign={flush}
            onGo={(s) => {
              setShowErrors(true)
              go(s)
            }}
          />
        )}
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="outline" disabled={at <= 0} onClick={() => go(steps[at - 1]!)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          {at < steps.length - 1 && (
            <Button onClick={() => go(steps[at + 1]!)}>
              {steps[at + 1] === SIGN_STEP ? 'Review and sign' : 'Next section'}
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </div>
  )
}

function StepButton({
  section,
  answers,
  current,
  onClick,
}: {
  section: FormSectionModel
  answers: Answers
  current: boolean
  onClick: () => void
}) {
  const p = sectionProgress(section, answers)
  const done = p.answered === p.required
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={current ? 'step' : undefined}
      className={cn(
        'flex w-full items-start gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-muted',
        current && 'bg-primary-soft/60 font-semibold',
      )}
    >
      {done ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
      ) : (
        <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      )}
      <span className="min-w-0 flex-1">
        {section.title}
        <span className="block text-xs font-normal text-muted-foreground">
          {done ? 'Answered' : `${p.answered} of ${p.required} answered`}
        </span>
      </span>
    </button>
  )
}

function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <div role="status" className="mt-3 flex min-h-6 items-center gap-2 text-sm" data-testid="save-state">
      {state.kind === 'saving' && (
        <>
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Saving…
        </>
      )}
      {state.kind === 'saved' && (
        <>
          <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-700" />
          <span>
            Saved <span className="text-muted-foreground">{formatUkDateTime(state.at)}</span>
          </span>
        </>
      )}
      {state.kind === 'idle' && <span className="text-muted-foreground">Answers save as you go.</span>}
      {state.kind === 'error' && (
        <span className="flex flex-col items-start gap-1 text-destructive">
          <span className="flex items-center gap-2">
            <CloudOff aria-hidden="true" className="size-4" />
            Not saved: {state.message}
          </span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </span>
      )}
    </div>
  )
}

function SignStep({
  txId,
  form,
  model,
  answers,
  canSign,
  signatures,
  waitingFor,
  headingRef,
  beforeSign,
  onGo,
}: {
  txId: string
  form: PropertyFormKind
  model: PropertyFormResponse['model']
  answers: Answers
  canSign: boolean
  /** A joint sale (decision 070): the sellers' signatures so far, and who is still to sign. */
  signatures: PropertyFormResponse['signatures']
  waitingFor: string[]
  headingRef: React.RefObject<HTMLHeadingElement | null>
  beforeSign: () => Promise<void>
  onGo: (section: string) => void
}) {
  const id = useId()
  const [name, setName] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [error, setError] = useState<string>()
  const sign = useSignForm(txId, form)
  const missing = missingAnswers(model, answers)
  const bySection = model.sections
    .map((s) => ({ section: s, count: missing.filter((m) => m.section === s.key).length }))
    .filter((x) => x.count > 0)

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (name.trim().length < 2) return setError('Type your full name to sign')
    if (!confirmed) return setError('Confirm that the answers are true to the best of your knowledge')
    setError(undefined)
    await beforeSign()
    sign.mutate(name.trim(), {
      onSuccess: (res) =>
        res.status === 'signed'
          ? notify.success('Form signed', 'Its PDF is in Documents, in the Property folder.')
          : notify.success(
              'Your signature is recorded',
              `The form is signed once ${res.waiting_for.join(' and ')} ${res.waiting_for.length === 1 ? 'has' : 'have'} signed too: we've told them.`,
            ),
      onError: (err) => setError(err.message),
    })
  }

  return (
    <section aria-labelledby="sign-heading" className="flex flex-col gap-4">
      <h2 id="sign-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
        Review and sign
      </h2>
      {missing.length > 0 ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p className="font-medium text-amber-950">
            {missing.length} required {missing.length === 1 ? 'answer is' : 'answers are'} still to give before you can
            sign:
          </p>
          <ul className="mt-2 flex flex-col gap-1">
            {bySection.map(({ section, count }) => (
              <li key={section.key}>
                <Button variant="link" className="h-auto p-0 text-amber-950" onClick={() => onGo(section.key)}>
                  {section.title}: {count} to answer
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-950">
          Every required question is answered.
        </p>
      )}
      <AnswersReview model={model} answers={answers} onChange={onGo} />
      {waitingFor.length > 0 && (
        <div role="group" className="rounded-xl border bg-muted/40 p-4 text-sm" aria-label="Signatures of the sellers">
          <p className="font-medium">Every seller signs this form: it is signed once the last of you has.</p>
          {signatures.length > 0 && (
            <p className="mt-1">
              Signed so far:{' '}
              {signatures.map((s, i) => (
                <span key={s.at + s.name}>
                  {i > 0 && ', '}
                  <strong>{s.name}</strong> on {formatUkDateTime(s.at)}
                </span>
              ))}
              .
            </p>
          )}
          <p className="mt-1">Still to sign: {waitingFor.join(', ')}.</p>
          {signatures.length > 0 && (
            <p className="mt-1 text-muted-foreground">A change to any answer now asks every seller to sign again.</p>
          )}
        </div>
      )}
      {canSign ? (
        <form
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          className="flex flex-col gap-4 rounded-xl border bg-background p-4 sm:p-5"
          aria-label="Sign the form"
        >
          <p className="text-sm text-muted-foreground">
            Check every answer above before you sign. Signing confirms your answers are true to the best of your
            knowledge. Your buyer relies on them: a wrong answer can lead to a claim against you. Your signed form is
            filed as a PDF in Documents.
          </p>
          <FormField id={`${id}-name`} label="Type your full name to sign" error={error}>
            {(control) => (
              <Input {...control} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            )}
          </FormField>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
            />
            The answers are true to the best of my knowledge, and I will tell my conveyancer if anything changes before
            completion.
          </label>
          <div>
            <Button type="submit" disabled={missing.length > 0 || sign.isPending}>
              {sign.isPending ? 'Signing…' : 'Sign the form'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">
          {signatures.length > 0 && waitingFor.length > 0
            ? 'You have signed. The form goes to the buyer once every seller has signed.'
            : 'The seller signs the form once every question is answered.'}
        </p>
      )}
    </section>
  )
}
