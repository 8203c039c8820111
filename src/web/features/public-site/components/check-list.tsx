import { CircleCheck } from 'lucide-react'

/** A list of things you get, each with a tick and an optional explanation. */
export function CheckList({ items }: { items: ReadonlyArray<{ title: string; text?: string }> }) {
  return (
    <ul className="grid grid-cols-1 gap-5 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.title} className="flex gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div>
            <p className="font-semibold">{item.title}</p>
            {item.text && <p className="text-sm text-muted-foreground">{item.text}</p>}
          </div>
        </li>
      ))}
    </ul>
  )
}
