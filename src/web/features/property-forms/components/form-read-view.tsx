import type { ReactNode } from 'react'
import type { PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import { questionCitation, type PropertyFormKind } from '#shared/domain/property-forms.ts'
import { answerLines } from './answer-text'
import { QuestionEvidence } from './question-evidence'

/** What the page gives the buyer's conveyancer beside each answer to raise an enquiry on it. */
export interface AnswerEnquiry {
  /** 'ta6:parking.controlledParking'. */
  formQuestion: string
  /** 'TA6 9.2: Is the property in a controlled parking zone…?' */
  citation: string
  /** The answer in words, to quote in the enquiry. */
  answer: string
}

/**
 * The answers of a form, section by section, as the buyer's side (and the seller once signed) read
 * them: each question with its shown answers and evidence, and for the buyer's conveyancer an action
 * beside each question to raise an enquiry on it.
 */
export function FormReadView({
  txId,
  form,
  data,
  raiseEnquiry,
}: {
  txId: string
  form: PropertyFormKind
  data: PropertyFormResponse
  raiseEnquiry?: (enquiry: AnswerEnquiry) => ReactNode
}) {
  const { answers } = data
  return (
    <div className="flex flex-col gap-6">
      {data.model.sections.map((s) => (
        <section key={s.key} aria-labelledby={`s-${s.key}`} className="rounded-xl border bg-background p-4 sm:p-6">
          <h2 id={`s-${s.key}`} className="mb-3 text-xl font-semibold">
            {s.ref ? `${s.ref} ` : ''}
            {s.title}
          </h2>
          <ol className="flex flex-col divide-y">
            {s.questions.map((q) => {
              const lines = answerLines(q, answers)
              return (
                <li
                  key={q.key}
                  id={`q-${q.key}`}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4"
                >
                  <div className="min-w-0 flex-1">
                    <h3 className="font-medium">
                      {q.ref && <span className="mr-2 text-muted-foreground">{q.ref}</span>}
                      {q.title}
                    </h3>
                    <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,14rem)_1fr]">
                      {lines.map((l) => (
                        <div key={l.field.path} className="contents">
                          <dt className="text-muted-foreground">{l.label}</dt>
                          <dd className="font-medium break-words whitespace-pre-line">{l.text}</dd>
                        </div>
                      ))}
                    </dl>
                    <div className="mt-2">
                      <QuestionEvidence
                        txId={txId}
                        form={form}
                        question={q.key}
                        title={q.title}
                        evidence={data.evidence}
                        editable={false}
                      />
                    </div>
                  </div>
                  {raiseEnquiry && (
                    <div className="shrink-0">
                      {raiseEnquiry({
                        formQuestion: `${form}:${q.key}`,
                        citation: questionCitation(form, q),
                        answer: lines.map((l) => (l.label === 'Answer' ? l.text : `${l.label}: ${l.text}`)).join('; '),
                      })}
                    </div>
                  )}
                </li>
              )
            })}
          </ol>
        </section>
      ))}
    </div>
  )
}
