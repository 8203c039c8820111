import { ShieldCheck } from 'lucide-react'
import { regulatorBadge, type RegulatorCheckStatus } from '#shared/domain/firm-profile.ts'
import type { Regulator } from '#shared/domain/regulators.ts'
import { Badge } from './ui/badge'

/**
 * "Verified by the SRA register" beside a firm whose regulator number the RegulatorRegister found
 * ("… (sandbox)" when the sandbox register checked it: decisions 044 and 056). Renders nothing for any
 * other status: a number not found or not yet checked is never shown as verified.
 */
export function RegulatorBadge({
  regulator,
  status,
  checkedBy,
  className,
}: {
  regulator: Regulator | null
  status: RegulatorCheckStatus | null
  checkedBy: string | null
  className?: string
}) {
  const text = regulatorBadge({ regulator, status, checkedBy })
  if (!text) return null
  return (
    <Badge variant="success" data-testid="regulator-badge" className={className}>
      <ShieldCheck aria-hidden="true" />
      {text}
    </Badge>
  )
}
