import { Pencil, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { type ChatMessage, EditMessageInput } from '#shared/contracts/chat.ts'
import { canStillEditMessage } from '#shared/domain/chat.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { DocumentFileButton } from '#web/components/document-file-button.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { cn } from '#web/lib/cn.ts'
import { notify } from '#web/lib/toast.ts'
import { useDeleteMessage, useEditMessage } from '../api'
import { formatMessageTime, formatUkDateTimeFull } from '#web/lib/time-formatters.ts'
import { mentionIdsIn, type Mentionable } from '../mentions'
import { SafeMarkdown } from '../safe-markdown'

/**
 * One message: author, UK time, the Markdown body, attachments, '(edited)'; a deleted message keeps
 * its place as 'This message was deleted'. The author gets Edit and Delete (with a confirmation) for
 * 15 minutes after posting; `now` ticks from the list so the buttons go when time is up.
 */
export function MessageItem({
  txId,
  message,
  viewerId,
  people,
  now,
}: {
  txId: string
  message: ChatMessage
  viewerId: string
  people: readonly Mentionable[]
  now: Date
}) {
  const [editing, setEditing] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const remove = useDeleteMessage(txId)
  const own = message.author?.id === viewerId
  const deleted = !!message.deleted_at
  const mayChange = own && !deleted && canStillEditMessage(message.created_at, now)
  const authorName = message.author?.full_name ?? 'Former participant'

  return (
    <article
      aria-label={`${own ? 'You' : authorName}, ${formatMessageTime(message.created_at, now)}`}
      className={cn('group flex flex-col gap-1 rounded-lg px-3 py-2', own ? 'bg-primary-soft/40' : 'bg-background')}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">{own ? 'You' : authorName}</span>
        <time
          dateTime={message.created_at}
          title={formatUkDateTimeFull(message.created_at)}
          className="text-xs text-muted-foreground"
        >
          {formatMessageTime(message.created_at, now)}
        </time>
        {message.edited_at && !deleted && (
          <span className="text-xs text-muted-foreground" title={`Edited ${formatUkDateTimeFull(message.edited_at)}`}>
            (edited)
          </span>
        )}
        {mayChange && !editing && (
          <span className="ml-auto flex gap-1">
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-3.5" />
              Edit<span className="sr-only"> your message</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-destructive"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden="true" className="size-3.5" />
              Delete<span className="sr-only"> your message</span>
            </Button>
          </span>
        )}
      </header>
      {deleted ? (
        <p className="text-sm text-muted-foreground italic">This message was deleted</p>
      ) : editing ? (
        <EditForm txId={txId} message={message} people={people} onDone={() => setEditing(false)} />
      ) : (
        <SafeMarkdown
          source={message.body_md}
          mentionNames={message.mentions.map((m) => m.full_name)}
          className="text-sm leading-relaxed"
        />
      )}
      {!deleted && message.attachments.length > 0 && (
        <ul aria-label="Attachments" className="mt-1 flex flex-wrap gap-2">
          {message.attachments.map((a) => (
            <li key={a.id}>
              <DocumentFileButton
                txId={txId}
                id={a.id}
                filename={a.filename}
                version={a.version}
                failure="Could not open the attachment"
              />
            </li>
          ))}
        </ul>
      )}
      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this message?</AlertDialogTitle>
          <AlertDialogDescription>
            Everyone on the move will see ‘This message was deleted’ in its place. This cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(message.id, {
                  onSuccess: () => setConfirmDelete(false),
                  onError: (err) => {
                    setConfirmDelete(false)
                    notify.error('Could not delete the message', err.message)
                  },
                })
              }
            >
              {remove.isPending ? 'Deleting…' : 'Delete message'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </article>
  )
}

function EditForm({
  txId,
  message,
  people,
  onDone,
}: {
  txId: string
  message: ChatMessage
  people: readonly Mentionable[]
  onDone: () => void
}) {
  const edit = useEditMessage(txId)
  const [text, setText] = useState(message.body_md)
  const [error, setError] = useState<string>()
  const id = `edit-${message.id}`
  const box = useRef<HTMLTextAreaElement>(null)

  // Start editing at the end of the text, where additions usually go.
  useEffect(() => {
    const el = box.current
    if (!el) return
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
  }, [])

  const save = () => {
    const parsed = EditMessageInput.safeParse({ body_md: text, mentions: mentionIdsIn(text, people) })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    if (text === message.body_md) return onDone()
    edit.mutate(
      { messageId: message.id, body_md: text, mentions: parsed.data.mentions },
      { onSuccess: onDone, onError: (err) => setError(err.message) },
    )
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onDone()
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      save()
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        Edit your message
      </label>
      <Textarea
        id={id}
        ref={box}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setError(undefined)
        }}
        onKeyDown={onKeyDown}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-20"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" onClick={save} disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <span className="self-center text-xs text-muted-foreground">Enter saves, Escape cancels</span>
      </div>
    </div>
  )
}
