import type { ReactNode } from 'react'

/**
 * One step of a person's 'What is left for you' list on a move's Overview (decision 063). Each
 * feature says which of its steps are the viewer's, by their role on the move, and in what state:
 * - 'todo': theirs to do now (the action does it or leads there);
 * - 'waiting': theirs, but someone else moves first (the hint says who);
 * - 'done': finished (the action, if any, leads to the result).
 */
export interface TodoItem {
  /** Unique on the list; also the row's test id (`todo-{key}`). */
  key: string
  state: 'todo' | 'waiting' | 'done'
  label: string
  /** One or two short sentences: why, what it takes, or who moves next. */
  hint?: ReactNode
  /** A link or button, or a small group of them. */
  action?: ReactNode
  /** Shown beside the label, e.g. a Sandbox badge. */
  badge?: ReactNode
}

/** The order of a list: what to do now, then what waits for someone else, then what is done. */
export const TODO_STATE_ORDER: Record<TodoItem['state'], number> = { todo: 0, waiting: 1, done: 2 }

/** The list in its reading order (todo, waiting, done), keeping each feature's own order inside a state. */
export function sortTodos(items: ReadonlyArray<TodoItem>): TodoItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => TODO_STATE_ORDER[a.item.state] - TODO_STATE_ORDER[b.item.state] || a.i - b.i)
    .map(({ item }) => item)
}
