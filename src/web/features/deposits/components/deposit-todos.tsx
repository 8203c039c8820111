import { Link } from 'react-router'
import { depositPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { formatGbpFromPence } from '#web/lib/formatters.ts'
import type { TodoItem } from '#web/lib/todo-item.ts'
import { useDeposit } from '../api'

/** Who has the deposit on their list: the buyer pays it, their conveyancer sets and releases it (access/deposits.ts). */
const ROLES = ['buyer', 'buyer_conveyancer']

/**
 * The deposit's step on 'What is left for you' (decision 063): for the buyer, paying it once it is
 * set; for the buyer's conveyancer, setting it, then approving a release that waits for them. Read
 * from the deposit itself, so it says where the money is.
 */
export function useDepositTodos(txId: string, viewerRole: string | null): TodoItem[] {
  const mine = !!viewerRole && ROLES.includes(viewerRole)
  const deposit = useDeposit(txId, false, mine)
  if (!mine || !deposit.data) return []
  const d = deposit.data.deposit
  const buyer = viewerRole === 'buyer'
  const open = (label: string) => (
    <Button asChild size="sm" variant="outline">
      <Link to={depositPath(txId)}>{label}</Link>
    </Button>
  )
  if (!d)
    return [
      buyer
        ? {
            key: 'deposit',
            state: 'waiting',
            label: 'Pay the deposit',
            hint: 'Your conveyancer has not set the deposit yet. Nothing to pay for now.',
          }
        : {
            key: 'deposit',
            state: 'todo',
            label: 'Set the deposit',
            hint: 'Usually 10% of the price; the buyer then pays it to the client-money account.',
            action: open('Open the deposit'),
          },
    ]
  const amount = formatGbpFromPence(d.amount_pence)
  if (d.status === 'awaiting_funds' || d.status === 'part_received')
    return [
      {
        key: 'deposit',
        state: buyer ? 'todo' : 'waiting',
        label: buyer ? `Pay the deposit of ${amount}` : `Deposit of ${amount}: waiting for the buyer`,
        hint: buyer
          ? 'Check the account with your bank first; the page shows where to pay once it matches.'
          : `${formatGbpFromPence(d.received_pence)} received so far.`,
        action: open(buyer ? 'Pay the deposit' : 'Open the deposit'),
      },
    ]
  const waiting = d.releases.find((r) => r.status === 'pending')
  if (d.status === 'held')
    return [
      {
        key: 'deposit',
        state: !buyer && waiting && deposit.data.can_approve ? 'todo' : 'done',
        label: buyer ? `Deposit of ${amount} paid` : `Deposit of ${amount} held`,
        hint:
          !buyer && waiting
            ? `A ${waiting.kind} of ${formatGbpFromPence(waiting.amount_pence)} waits for a second approval.`
            : `${formatGbpFromPence(d.held_pence)} held by the client-money partner until exchange or completion.`,
        action: open('Open the deposit'),
      },
    ]
  return [
    {
      key: 'deposit',
      state: 'done',
      label: d.status === 'refunded' ? `Deposit of ${amount} refunded` : `Deposit of ${amount} released`,
      action: open('Open the deposit'),
    },
  ]
}
