import { CheckCircle2, Circle, Hourglass } from 'lucide-react'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { sortTodos, type TodoItem } from '#web/lib/todo-item.ts'

const ICON = { todo: Circle, waiting: Hourglass, done: CheckCircle2 } as const
const SR = { todo: ' (to do)', waiting: ' (waiting for someone else)', done: ' (done)' } as const

function Row({ item }: { item: TodoItem }) {
  const Icon = ICON[item.state]
  return (
    <li
      data-testid={`todo-${item.key}`}
      data-state={item.state}
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon
          aria-hidden="true"
          className={`mt-0.5 size-5 shrink-0 ${item.state === 'done' ? 'text-primary' : 'text-muted-foreground'}`}
        />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
            <span className="break-words">
              {item.label}
              <span className="sr-only">{SR[item.state]}</span>
            </span>
            {item.badge}
          </p>
          {item.hint && <div className="text-sm break-words text-muted-foreground">{item.hint}</div>}
        </div>
      </div>
      {item.action && <div className="flex shrink-0 flex-wrap gap-2 pl-8 sm:pl-0">{item.action}</div>}
    </li>
  )
}

/**
 * Overview: 'What is left for you', the viewer's one list of steps on the move, by their role
 * (decision 063). What is theirs to do comes first, then what waits for someone else; what is done
 * folds away under 'Done (n)'. Each feature gives its own steps (TodoItem); `items` is undefined
 * while they load. With nothing for the viewer's role, nothing shows.
 */
export function WhatIsLeft({ items }: { items: ReadonlyArray<TodoItem> | undefined }) {
  if (items === undefined)
    return (
      <section aria-label="What is left for you" aria-busy="true" className="rounded-xl border bg-background p-5">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="mt-4 h-10 w-full" />
      </section>
    )
  if (items.length === 0) return null
  const sorted = sortTodos(items)
  const open = sorted.filter((i) => i.state !== 'done')
  const done = sorted.filter((i) => i.state === 'done')
  return (
    <section
      aria-labelledby="what-is-left-title"
      data-testid="what-is-left"
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-background p-5 shadow-sm sm:p-6"
    >
      <h2 id="what-is-left-title" className="text-lg font-semibold">
        {open.length ? 'What is left for you' : 'You are all set'}
      </h2>
      {open.length > 0 && (
        <ul className="flex flex-col divide-y">
          {open.map((item) => (
            <Row key={item.key} item={item} />
          ))}
        </ul>
      )}
      {done.length > 0 && (
        <details className="group" open={open.length === 0}>
          <summary className="cursor-pointer text-sm font-medium text-muted-foreground">Done ({done.length})</summary>
          <ul className="mt-3 flex flex-col divide-y">
            {done.map((item) => (
              <Row key={item.key} item={item} />
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}
