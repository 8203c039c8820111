import { Paperclip, SendHorizontal, X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { type ChatAttachment, PostMessageInput } from '#shared/contracts/chat.ts'
import type { DocumentSummary } from '#shared/contracts/transactions.ts'
import { MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_CHARS } from '#shared/domain/chat.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { mentionIdsIn, type Mentionable } from '../mentions'
import { AttachmentPicker } from './attachment-picker'
import { MentionTextarea } from './mention-textarea'

/** The counter appears once a message is this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX_CHARS - 1_000

export interface ComposerSubmit {
  body_md: string
  mentions: string[]
  attachment_ids: string[]
}

export type PendingAttachment = Pick<ChatAttachment, 'id' | 'filename'>

/**
 * The message box: Enter sends, Shift+Enter starts a new line; a counter near the 10,000
 * character limit; the contract's messages for an empty or too long message; '@' opens an
 * accessible list of the move's participants (arrow keys, Enter or Tab to pick, Escape to close)
 * that inserts '@Full Name'; attachments from the move's documents or a new upload.
 * `onSubmit` resolves when sent (the box clears) and rejects with an Error whose message is shown.
 */
export function Composer({
  txId,
  people,
  documents,
  onSubmit,
  label = 'Message',
  placeholder = 'Write a message… (@ to mention someone)',
  autoFocus = false,
}: {
  txId: string
  people: readonly Mentionable[]
  documents: readonly DocumentSummary[]
  onSubmit: (input: ComposerSubmit) => Promise<unknown>
  label?: string
  placeholder?: string
  autoFocus?: boolean
}) {
  const id = useId()
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const [text, setText] = useState('')
  const [attachments, setAttachments] = useState<PendingAttachment[]>([])
  const [error, setError] = useState<string>()
  const [sending, setSending] = useState(false)

  const counterId = `${id}-counter`
  const errorId = `${id}-error`

  const updateText = (value: string) => {
    setText(value)
    if (error) setError(undefined)
  }

  const send = async () => {
    if (sending) return
    const input = { body_md: text, mentions: mentionIdsIn(text, people), attachment_ids: attachments.map((a) => a.id) }
    const parsed = PostMessageInput.safeParse(input)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      textareaRef.current?.focus()
      return
    }
    setSending(true)
    try {
      await onSubmit(parsed.data)
      setText('')
      setAttachments([])
      setError(undefined)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The message could not be sent. Try again.')
    } finally {
      setSending(false)
      textareaRef.current?.focus()
    }
  }

  const length = text.length
  const showCounter = length >= COUNTER_FROM
  const over = length > MESSAGE_MAX_CHARS
  const describedBy = [showCounter ? counterId : null, error ? errorId : null, `${id}-hint`].filter(Boolean).join(' ')

  return (
    <form
      aria-label="Send a message"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void send()
      }}
      className="flex flex-col gap-2 border-t bg-background p-3"
    >
      {attachments.length > 0 && (
        <ul aria-label="Attachments to send" className="flex flex-wrap gap-2">
          {attachments.map((a) => (
            <li
              key={a.id}
              className="inline-flex max-w-64 items-center gap-1 rounded-md border bg-muted py-0.5 pr-0.5 pl-2 text-xs font-medium"
            >
              <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{a.filename}</span>
              <button
                type="button"
                onClick={() => setAttachments((list) => list.filter((x) => x.id !== a.id))}
                className="rounded p-0.5 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Remove {a.filename}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <MentionTextarea
        ref={textareaRef}
        id={`${id}-text`}
        // Only when asked for, just after the person started this thread themselves (see ThreadView).
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        autoFocus={autoFocus}
        people={people}
        value={text}
        onValueChange={updateText}
        onEnter={() => void send()}
        aria-invalid={!!error || over}
        aria-describedby={describedBy}
        placeholder={placeholder}
        rows={2}
        className="max-h-48 min-h-16 resize-y"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <AttachmentPicker
          txId={txId}
          documents={documents}
          chosen={attachments}
          max={MESSAGE_MAX_ATTACHMENTS}
          onAdd={(a) => setAttachments((list) => (list.some((x) => x.id === a.id) ? list : [...list, a]))}
        />
        <p id={`${id}-hint`} className="hidden text-xs text-muted-foreground sm:block">
          Enter to send, Shift+Enter for a new line. Markdown works.
        </p>
        {showCounter && (
          <p
            id={counterId}
            aria-live="polite"
            className={cn(
              'ml-auto text-xs tabular-nums',
              over ? 'font-semibold text-destructive' : 'text-muted-foreground',
            )}
          >
            {length.toLocaleString('en-GB')} / {MESSAGE_MAX_CHARS.toLocaleString('en-GB')}
            <span className="sr-only"> characters</span>
          </p>
        )}
        <Button type="submit" size="sm" disabled={sending} className={cn(!showCounter && 'ml-auto')}>
          <SendHorizontal aria-hidden="true" />
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  )
}
