import { Send } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { SUPPORT_MESSAGE_MAX_CHARS } from '#shared/contracts/support.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { isSupportOpen, nextOpeningText } from '#web/lib/support-hours.ts'
import { EMAIL_REPLY_PROMISE, SUPPORT_HOURS_TEXT } from '#web/lib/contact.ts'
import { useSendSupportMessage, useSupportThread } from '../api'

/**
 * The support conversation, on /app/support: the hours and whether the team is
 * in now (UK time), the thread with Homeward's support team, and a composer. What is typed stays in
 * the box until it is sent; a failure says why. Outside hours the person is told when the team is
 * back and that the answer also comes by email.
 */
export function SupportChat({ email }: { email: string }) {
  const thread = useSupportThread()
  const send = useSendSupportMessage()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const end = useRef<HTMLDivElement>(null)
  const now = new Date()
  const open = isSupportOpen(now)
  const count = thread.data?.messages.length ?? 0

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' })
  }, [count])

  const submit = () => {
    const body = text.trim()
    if (!body) {
      setError('Write a message first.')
      return
    }
    if (body.length > SUPPORT_MESSAGE_MAX_CHARS) {
      setError(`A message can be at most ${SUPPORT_MESSAGE_MAX_CHARS.toLocaleString('en-GB')} characters.`)
      return
    }
    setError(null)
    send.mutate(body, {
      onSuccess: () => setText(''),
      onError: (err) => {
        setError(err.message)
        notify.error('Message not sent', err.message)
      },
    })
  }

  return (
    <section aria-labelledby="support-chat-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 rounded-xl border bg-background p-4 text-sm shadow-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">Live chat: {SUPPORT_HOURS_TEXT}.</span>
          {open ? <Badge variant="success">Open now</Badge> : <Badge variant="muted">Closed now</Badge>}
        </p>
        <p className="text-muted-foreground" data-testid="support-expectation">
          {open
            ? `Our team is in: we usually answer here within the hour, and by email to ${email}.`
            : `We are back ${nextOpeningText(now)}. Write now and we will answer here and by email to ${email}. ${EMAIL_REPLY_PROMISE}.`}
        </p>
      </div>

      <div className="flex min-h-64 flex-col rounded-xl border bg-surface shadow-sm">
        <h2 id="support-chat-title" className="border-b bg-background px-4 py-3 font-semibold">
          Your conversation with Homeward support
        </h2>
        <div className="flex max-h-[55dvh] min-h-48 flex-col gap-3 overflow-y-auto p-4" aria-live="polite">
          {thread.isPending ? (
            <>
              <Skeleton className="h-14 w-2/3" />
              <Skeleton className="ml-auto h-14 w-2/3" />
            </>
          ) : thread.isError ? (
            <div role="alert" className="flex flex-col items-start gap-2 text-sm">
              <p>We could not load your conversation. {thread.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
                Try again
              </Button>
            </div>
          ) : thread.data.messages.length === 0 ? (
            <p className="m-auto max-w-sm text-center text-sm text-muted-foreground">
              No messages yet. Ask us anything about Homeward or your move: a real person from our team answers.
            </p>
          ) : (
            <ol aria-label="Messages, oldest first" className="flex flex-col gap-3">
              {thread.data.messages.map((m) => (
                <li
                  key={m.id}
                  className={cn(
                    'max-w-[85%] rounded-lg border px-3 py-2 text-sm shadow-sm',
                    m.author === 'member' ? 'ml-auto bg-primary-soft/60' : 'bg-background',
                  )}
                >
                  <p className="text-xs font-semibold">
                    {m.author === 'member' ? 'You' : 'Homeward support'}{' '}
                    <time dateTime={m.created_at} className="font-normal text-muted-foreground">
                      {formatUkDateTime(m.created_at)}
                    </time>
                  </p>
                  <p className="mt-1 break-words whitespace-pre-wrap">{m.body}</p>
                </li>
              ))}
            </ol>
          )}
          <div ref={end} />
        </div>
        <form
          noValidate
          aria-label="Write to support"
          className="flex flex-col gap-2 border-t bg-background p-3"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <label htmlFor="support-message" className="sr-only">
            Message to support
          </label>
          <Textarea
            id="support-message"
            value={text}
            rows={3}
            maxLength={SUPPORT_MESSAGE_MAX_CHARS}
            placeholder="How can we help?"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'support-message-error' : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault()
                submit()
              }
            }}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            {error ? (
              <p id="support-message-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">Enter to send, Shift+Enter for a new line.</p>
            )}
            <Button type="submit" disabled={send.isPending}>
              <Send aria-hidden="true" />
              {send.isPending ? 'Sending…' : 'Send'}
            </Button>
          </div>
        </form>
      </div>
    </section>
  )
}
