import { Link } from 'react-router'
import { titleCheckPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import type { TodoItem } from '#web/lib/todo-item.ts'
import { useTitleChecks } from '../api'

const CONVEYANCERS = ['buyer_conveyancer', 'seller_conveyancer']

/**
 * The title check's step on 'What is left for you' (decision 063), for the move's conveyancers:
 * obtain the official copy of the register and check the sellers against its proprietors; done
 * once a check has run, with its flags counted.
 */
export function useTitleTodos(txId: string, viewerRole: string | null): TodoItem[] {
  const mine = !!viewerRole && CONVEYANCERS.includes(viewerRole)
  const checks = useTitleChecks(txId, mine)
  if (!mine || !checks.data) return []
  const latest = checks.data.checks[0]
  const flags = latest?.flags.length ?? 0
  return [
    {
      key: 'title',
      state: latest ? 'done' : 'todo',
      label: latest ? 'Title checked' : 'Check the title',
      hint: latest
        ? flags
          ? `${flags} ${flags === 1 ? 'flag' : 'flags'} on the latest check.`
          : 'No flags on the latest check.'
        : 'Obtain the official copy of the register and check the sellers against its proprietors.',
      action: (
        <Button asChild size="sm" variant="outline">
          <Link to={titleCheckPath(txId)}>Title check</Link>
        </Button>
      ),
    },
  ]
}
