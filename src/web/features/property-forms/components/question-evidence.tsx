import { Paperclip, X } from 'lucide-react'
import { useId, useRef } from 'react'
import type { FormEvidence } from '#shared/contracts/property-forms.ts'
import type { PropertyFormKind } from '#shared/domain/property-forms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { notify } from '#web/lib/toast.ts'
import { useAddEvidence, useRemoveEvidence } from '../api'

/**
 * Evidence documents on one question: the files attached (each one of the move's documents, in the
 * Property folder) and, for the seller's side, attaching another or detaching one (the document stays
 * in Documents).
 */
export function QuestionEvidence({
  txId,
  form,
  question,
  title,
  evidence,
  editable,
}: {
  txId: string
  form: PropertyFormKind
  question: string
  title: string
  evidence: FormEvidence[]
  editable: boolean
}) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const add = useAddEvidence(txId, form)
  const remove = useRemoveEvidence(txId, form)
  const mine = evidence.filter((e) => e.question === question)
  if (!editable && mine.length === 0) return null
  return (
    <div className="flex flex-col gap-2 border-t pt-3">
      {mine.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={`Evidence for: ${title}`}>
          {mine.map((e) => (
            <li key={e.id} className="flex items-center gap-2 text-sm">
              <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="min-w-0 break-words">{e.filename}</span>
              {editable && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Detach ${e.filename}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(e.id, {
                      onSuccess: () => notify.success('Document detached', 'It stays in Documents.'),
                      onError: (err) => notify.error('Could not detach the document', err.message),
                    })
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div>
          <input
            ref={input}
            id={inputId}
            type="file"
            className="sr-only"
            accept="application/pdf,image/jpeg,image/png"
            aria-label={`Attach evidence to: ${title}`}
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              add.mutate(
                { question, file },
                {
                  onSuccess: () => notify.success('Evidence attached', `${file.name} is in the Property folder.`),
                  onError: (err) => notify.error('Could not attach the document', err.message),
                },
              )
            }}
          />
          <Button variant="outline" size="sm" disabled={add.isPending} onClick={() => input.current?.click()}>
            <Paperclip aria-hidden="true" />
            {add.isPending ? 'Uploading…' : 'Attach evidence'}
          </Button>
        </div>
      )}
    </div>
  )
}
