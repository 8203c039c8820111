import { useId, useRef, useState, type FormEvent } from 'react'
import { type ChatThread, CreateThreadInput } from '#shared/contracts/chat.ts'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { THREAD_TITLE_MAX_CHARS } from '#shared/domain/chat.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { useCreateThread } from '../api'
import { mentionIdsIn, type Mentionable } from '../mentions'
import { MentionTextarea } from './mention-textarea'

type Topic = 'stage' | 'document' | 'enquiry' | 'other'
type Field = 'title' | 'topic' | 'topic_ref' | 'body_md'

const TOPICS: { value: Topic; label: string }[] = [
  { value: 'stage', label: 'A stage of the move' },
  { value: 'document', label: 'A document' },
  { value: 'enquiry', label: 'An enquiry' },
  { value: 'other', label: 'Something else' },
]

/** The contract plus what the form knows: a stage or document thread must name which one. */
const NewThreadForm = CreateThreadInput.superRefine((v, ctx) => {
  if (v.topic === 'stage' && !v.topic_ref)
    ctx.addIssue({ code: 'custom', path: ['topic_ref'], message: 'Choose the stage' })
  if (v.topic === 'document' && !v.topic_ref)
    ctx.addIssue({ code: 'custom', path: ['topic_ref'], message: 'Choose the document' })
})

/**
 * Starts a thread on a topic: a title, what it is about (a stage or a document of this move,
 * an enquiry, or anything else) and the first message. On success the new thread opens.
 */
export function NewThreadDialog({
  detail,
  people,
  open,
  onOpenChange,
  onCreated,
}: {
  detail: TransactionDetail
  people: readonly Mentionable[]
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (thread: ChatThread) => void
}) {
  const id = useId()
  const create = useCreateThread(detail.id)
  const created = useRef(false)
  const [title, setTitle] = useState('')
  const [topic, setTopic] = useState<Topic | ''>('')
  const [topicRef, setTopicRef] = useState('')
  const [body, setBody] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({})

  const clearError = (field: Field) =>
    setErrors((e) => (e[field] || e.form ? { ...e, [field]: undefined, form: undefined } : e))

  const reset = () => {
    setTitle('')
    setTopic('')
    setTopicRef('')
    setBody('')
    setErrors({})
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const input = {
      title,
      topic: topic || undefined,
      topic_ref: topic === 'stage' || topic === 'document' ? topicRef || undefined : undefined,
      body_md: body,
      mentions: mentionIdsIn(body, people),
    }
    const parsed = NewThreadForm.safeParse(input)
    if (!parsed.success) {
      const next: typeof errors = {}
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form') as Field
        next[key] ??= issue.message
      }
      setErrors(next)
      const first = (['title', 'topic', 'topic_ref', 'body_md'] as const).find((f) => next[f])
      if (first) document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    create.mutate(parsed.data, {
      onSuccess: ({ thread }) => {
        created.current = true
        reset()
        onOpenChange(false)
        onCreated(thread)
      },
      onError: (err) => setErrors({ form: err.message }),
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (create.isPending) return
        if (!o) reset()
        onOpenChange(o)
      }}
    >
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        // Escape in an open @mention list closes the list, not the dialog.
        // After a thread starts, the caret goes to its message box, not back to 'New thread'.
        onCloseAutoFocus={(e) => {
          if (created.current) {
            created.current = false
            e.preventDefault()
          }
        }}
        onEscapeKeyDown={(e) => {
          if (e.target instanceof HTMLElement && e.target.dataset.mentionList === 'open') e.preventDefault()
        }}
      >
        <DialogTitle>New thread</DialogTitle>
        <DialogDescription>
          Start a conversation about one part of the move. Everyone on it can read and reply.
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} aria-label="New thread" className="flex flex-col gap-4">
          <fieldset disabled={create.isPending} className="flex flex-col gap-4">
            <FormField id={`${id}-title`} label="Title" error={errors.title}>
              {(f) => (
                <Input
                  {...f}
                  value={title}
                  maxLength={THREAD_TITLE_MAX_CHARS + 20}
                  placeholder="e.g. Questions about the local search"
                  onChange={(e) => {
                    setTitle(e.target.value)
                    clearError('title')
                  }}
                />
              )}
            </FormField>
            <FormField id={`${id}-topic`} label="What is it about?" error={errors.topic}>
              {(f) => (
                <NativeSelect
                  {...f}
                  value={topic}
                  onChange={(e) => {
                    setTopic(e.target.value as Topic)
                    setTopicRef('')
                    clearError('topic')
                  }}
                >
                  <option value="" disabled>
                    Choose a topic
                  </option>
                  {TOPICS.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {topic === 'stage' && (
              <FormField id={`${id}-topic_ref`} label="Stage" error={errors.topic_ref}>
                {(f) => (
                  <NativeSelect
                    {...f}
                    value={topicRef}
                    onChange={(e) => {
                      setTopicRef(e.target.value)
                      clearError('topic_ref')
                    }}
                  >
                    <option value="" disabled>
                      Choose the stage
                    </option>
                    {detail.timeline_stages.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.stage_name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            )}
            {topic === 'document' && (
              <FormField
                id={`${id}-topic_ref`}
                label="Document"
                error={errors.topic_ref}
                hint={detail.documents.length === 0 ? 'There are no documents on this move yet.' : undefined}
              >
                {(f) => (
                  <NativeSelect
                    {...f}
                    value={topicRef}
                    onChange={(e) => {
                      setTopicRef(e.target.value)
                      clearError('topic_ref')
                    }}
                  >
                    <option value="" disabled>
                      Choose the document
                    </option>
                    {detail.documents.map((d) => (
                      <option key={d.id} value={d.id}>
                        {d.filename} ({d.folder}, v{d.version})
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            )}
            <FormField
              id={`${id}-body_md`}
              label="First message"
              hint="Markdown works. Type @ and a name to mention someone."
              error={errors.body_md}
            >
              {(f) => (
                <MentionTextarea
                  {...f}
                  people={people}
                  value={body}
                  rows={4}
                  className="min-h-24"
                  onValueChange={(v) => {
                    setBody(v)
                    clearError('body_md')
                  }}
                />
              )}
            </FormField>
            {errors.form && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.form}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">{create.isPending ? 'Starting…' : 'Start thread'}</Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  )
}
