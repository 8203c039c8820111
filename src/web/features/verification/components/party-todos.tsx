import { Link } from 'react-router'
import { cddPath, fundsPath, identityCheckPath } from '#shared/paths.ts'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import type { TodoItem } from '#web/lib/todo-item.ts'
import { useVerificationSummary } from '../api'

const stateOf = (badges: ReadonlyArray<{ kind: string; state: string }>, kind: string) =>
  badges.find((b) => b.kind === kind)?.state

/**
 * The viewer's verification steps for 'What is left for you' (decision 063), from the move's
 * verification summary. A buyer or seller: verifying their identity, and for a buyer showing where
 * their money comes from (each listed once). A conveyancer: each client's due diligence to decide,
 * and a buyer client's source of funds to review once the buyer has sent it.
 */
export function useVerificationTodos(txId: string, viewerId: string): TodoItem[] {
  const summary = useVerificationSummary(txId)
  const s = summary.data
  if (!s) return []
  const items: TodoItem[] = []
  const self = s.parties.find((p) => p.profile_id === viewerId)
  for (const c of s.checklist ?? []) {
    const badge = self ? stateOf(self.badges, c.key === 'identity' ? 'identity' : 'funds') : undefined
    items.push({
      key: c.key,
      state: c.done ? 'done' : badge === 'needs_review' ? 'waiting' : 'todo',
      label: c.label,
      hint: c.hint,
      badge:
        c.key === 'identity' ? (
          <SandboxBadge provider={s.provider_label} detail="identity checks here are not real" />
        ) : undefined,
      action: c.done ? undefined : c.key === 'identity' ? (
        <Button asChild size="sm">
          <Link to={identityCheckPath(txId)}>Verify my identity</Link>
        </Button>
      ) : c.key === 'funds' ? (
        <Button asChild size="sm" variant="outline">
          <Link to={fundsPath(txId)}>Open source of funds</Link>
        </Button>
      ) : undefined,
    })
  }
  for (const p of s.parties.filter((x) => x.can_review_cdd)) {
    const cdd = stateOf(p.badges, 'cdd')
    if (cdd)
      items.push({
        key: `cdd-${p.profile_id}`,
        state: cdd === 'verified' ? 'done' : 'todo',
        label: `Client due diligence: ${p.full_name}`,
        hint:
          cdd === 'verified'
            ? 'Approved.'
            : cdd === 'needs_review'
              ? 'Referred: record the outcome.'
              : cdd === 'failed'
                ? 'Rejected.'
                : 'Check their identity result and screening, then approve, refer or reject.',
        action: (
          <Button asChild size="sm" variant={cdd === 'verified' ? 'ghost' : 'outline'}>
            <Link to={cddPath(txId, p.profile_id)}>Open due diligence</Link>
          </Button>
        ),
      })
    const funds = stateOf(p.badges, 'funds')
    if (funds)
      items.push({
        key: `funds-${p.profile_id}`,
        state: funds === 'verified' ? 'done' : funds === 'needs_review' ? 'todo' : 'waiting',
        label: `Source of funds: ${p.full_name}`,
        hint:
          funds === 'verified'
            ? 'You are satisfied with it.'
            : funds === 'needs_review'
              ? 'Review what they sent, then mark it satisfied or ask for more.'
              : `${p.full_name} has not finished showing where their money comes from.`,
        action: (
          <Button asChild size="sm" variant="outline">
            <Link to={fundsPath(txId)}>Open source of funds</Link>
          </Button>
        ),
      })
  }
  return items
}
