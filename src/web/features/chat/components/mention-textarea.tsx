import { useId, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react'
import { cn } from '#web/lib/cn.ts'
import { activeMention, insertMention, matchPeople, type Mentionable } from '../mentions'

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'ref' | 'role'>

/**
 * A text box with @mention autocomplete: typing '@' and part of a name opens a listbox of
 * the move's participants, tied to the box by aria-controls and aria-activedescendant (HTML allows no
 * role="combobox" on a textarea, so it stays a textbox with aria-autocomplete="list"; axe's
 * aria-allowed-role); Arrow keys move, Enter or Tab picks, Escape closes; the pick inserts
 * '@Full Name '. `data-mention-list` says whether the list is open (a dialog around the box keeps
 * Escape for the list then). `onEnter`, when given, runs on Enter without Shift while the list is
 * closed (the chat composer sends); without it Enter starts a new line.
 */
export function MentionTextarea({
  value,
  onValueChange,
  people,
  onEnter,
  ref,
  className,
  ...props
}: TextareaProps & {
  value: string
  onValueChange: (value: string) => void
  people: readonly Mentionable[]
  onEnter?: () => void
  ref?: Ref<HTMLTextAreaElement>
}) {
  const id = useId()
  const inner = useRef<HTMLTextAreaElement | null>(null)
  const [caret, setCaret] = useState(value.length)
  const [dismissedAt, setDismissedAt] = useState<number | null>(null)
  const [highlight, setHighlight] = useState(0)

  const mention = activeMention(value, Math.min(caret, value.length))
  // A name just inserted ('@Sarah Mitchell ') is finished: the list stays closed for it.
  const finished =
    !!mention &&
    people.some((p) => mention.query.toLocaleLowerCase('en-GB') === `${p.full_name} `.toLocaleLowerCase('en-GB'))
  const options = mention && !finished ? matchPeople(people, mention.query) : []
  const listOpen = !!mention && options.length > 0 && dismissedAt !== mention.start
  const active = listOpen ? Math.min(highlight, options.length - 1) : -1
  const listId = `${id}-mentions`
  const optionId = (i: number) => `${id}-mention-${i}`

  const setRefs = (el: HTMLTextAreaElement | null) => {
    inner.current = el
    if (typeof ref === 'function') ref(el)
    else if (ref) ref.current = el
  }

  const change = (next: string, position: number) => {
    onValueChange(next)
    setCaret(position)
    setHighlight(0)
  }

  const pick = (person: Mentionable) => {
    if (!mention) return
    const next = insertMention(value, mention.start, caret, person.full_name)
    change(next.text, next.caret)
    requestAnimationFrame(() => {
      const el = inner.current
      if (!el) return
      el.focus()
      el.setSelectionRange(next.caret, next.caret)
    })
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return
    if (listOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        const step = e.key === 'ArrowDown' ? 1 : -1
        setHighlight((active + step + options.length) % options.length)
        return
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        const person = options[active]
        if (person) {
          e.preventDefault()
          pick(person)
          return
        }
      }
      if (e.key === 'Escape') {
        // Close the list only: a dialog around the box stays open.
        e.preventDefault()
        e.stopPropagation()
        setDismissedAt(mention?.start ?? null)
        return
      }
    }
    if (onEnter && e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      onEnter()
    }
  }

  return (
    <div className="relative">
      {listOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute bottom-full left-0 z-20 mb-1 max-h-56 w-72 max-w-full overflow-y-auto rounded-lg border bg-background p-1 shadow-lg"
        >
          {options.map((p, i) => (
            <li
              key={p.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault() // keep focus in the text box
                pick(p)
              }}
              onMouseEnter={() => setHighlight(i)}
              className={cn(
                'cursor-pointer rounded-md px-2 py-1.5 text-sm',
                i === active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              {p.full_name}
            </li>
          ))}
        </ul>
      )}
      <textarea
        {...props}
        ref={setRefs}
        aria-autocomplete="list"
        data-mention-list={listOpen ? 'open' : 'closed'}
        aria-controls={listOpen ? listId : undefined}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(e) => change(e.target.value, e.target.selectionStart)}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (mention) setDismissedAt(mention.start)
          props.onBlur?.(e)
        }}
        onFocus={(e) => {
          setDismissedAt(null)
          props.onFocus?.(e)
        }}
        className={cn(
          'flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm',
          className,
        )}
      />
    </div>
  )
}
