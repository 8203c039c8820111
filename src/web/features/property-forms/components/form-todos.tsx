import { Link } from 'react-router'
import type { PropertyFormKind } from '#shared/domain/property-forms.ts'
import { propertyFormPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import type { TodoItem } from '#web/lib/todo-item.ts'
import { usePropertyForm } from '../api'

/** The parties for whom the TA6 and TA10 are a step: the seller's side fills them, the buyer's side reads them. */
const SELLER_SIDE = ['seller', 'seller_conveyancer']
const BUYER_SIDE = ['buyer', 'buyer_conveyancer']
const NAMES: Record<PropertyFormKind, string> = { ta6: 'TA6', ta10: 'TA10' }
const WHAT: Record<PropertyFormKind, string> = {
  ta6: 'property information form',
  ta10: 'fittings and contents form',
}

/**
 * The property information forms' steps on 'What is left for you' (decision 063): for the seller,
 * filling in and signing the TA6 and the TA10; for their conveyancer, the seller's signature they
 * wait for; for the buyer's side, reading the answers once signed.
 */
export function useFormTodos(txId: string, viewerRole: string | null): TodoItem[] {
  const seller = !!viewerRole && SELLER_SIDE.includes(viewerRole)
  const mine = seller || (!!viewerRole && BUYER_SIDE.includes(viewerRole))
  const ta6 = usePropertyForm(txId, 'ta6', mine)
  const ta10 = usePropertyForm(txId, 'ta10', mine)
  if (!mine) return []
  const items: TodoItem[] = []
  for (const [form, q] of [
    ['ta6', ta6],
    ['ta10', ta10],
  ] as const) {
    if (!q.data) continue
    const name = NAMES[form]
    const signed = q.data.status === 'signed'
    const left = q.data.missing.length
    const link = (label: string) => (
      <Button asChild size="sm" variant="outline">
        <Link to={propertyFormPath(txId, form)}>{label}</Link>
      </Button>
    )
    if (seller)
      items.push({
        key: form,
        state: signed
          ? 'done'
          : viewerRole === 'seller' || q.data.status === 'not_started' || left
            ? 'todo'
            : 'waiting',
        label: signed ? `${name} signed` : `Fill in and sign the ${name}`,
        hint: signed
          ? `The ${WHAT[form]} is signed and filed in Documents.`
          : q.data.status === 'not_started'
            ? `The ${WHAT[form]}, question by question; answers save as you go.`
            : left
              ? `${left} required ${left === 1 ? 'answer' : 'answers'} still to give.`
              : 'Every answer is given: the seller signs it.',
        action: link(signed ? `View the ${name}` : `Open the ${name}`),
      })
    else
      items.push({
        key: form,
        state: signed ? 'done' : 'waiting',
        label: signed ? `Read the seller's ${name}` : `The seller's ${name}`,
        hint: signed ? `The seller signed their ${WHAT[form]}.` : 'The seller has not signed it yet.',
        action: signed ? link(`Read the ${name}`) : undefined,
      })
  }
  return items
}
