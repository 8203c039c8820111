import { FlaskConical } from 'lucide-react'
import { clsx } from 'clsx'
import { Badge } from './ui/badge'

/**
 * Whether a partner's result came from the sandbox: its provider's label ('Sandbox') or name ('sandbox'),
 * as the API reports it (provider_label, provider.name, provider.label).
 */
export function isSandboxProvider(provider: string | null | undefined): boolean {
  return provider?.trim().toLowerCase() === 'sandbox'
}

/**
 * The "Sandbox" label beside every result a sandbox partner produced: an identity check, a screening,
 * bank data, a deposit, a payment, a register, a payee check (docs/decisions/044-partners-real-or-refused.md).
 * The same amber badge everywhere, in development and in a production deployment that runs the
 * sandbox on purpose (SANDBOX_PARTNERS=true). Renders nothing when `provider` is not the sandbox, so a
 * page passes what the API said: `<SandboxBadge provider={data.provider_label} />`.
 * `detail` is what the sandbox means there ("no money moves"): the badge's title, shown on hover and
 * read by screen readers as its description.
 */
export function SandboxBadge({
  provider = 'sandbox',
  detail = 'test data from a sandbox partner, nothing real',
  className,
}: {
  provider?: string | null
  detail?: string
  className?: string
}) {
  if (!isSandboxProvider(provider)) return null
  return (
    <Badge
      variant="outline"
      title={`Sandbox: ${detail}`}
      data-testid="sandbox-badge"
      className={clsx('border-amber-700 bg-amber-100 text-amber-900', className)}
    >
      <FlaskConical aria-hidden="true" />
      Sandbox
    </Badge>
  )
}

/**
 * Who produced a result, beside it: the sandbox badge for the sandbox, else the real partner's name as
 * a plain outline badge (nothing when the API gave none).
 */
export function ProviderBadge({ label, detail }: { label: string | null | undefined; detail?: string }) {
  if (isSandboxProvider(label)) return <SandboxBadge detail={detail} />
  return label ? <Badge variant="outline">{label}</Badge> : null
}
