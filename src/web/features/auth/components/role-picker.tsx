import { Briefcase, Building2, Calculator, Home, KeyRound, Scale } from 'lucide-react'
import type { SignupRoleChoice } from '#shared/domain/roles.ts'
import { cn } from '#web/lib/cn.ts'
import { ROLE_BUTTONS } from '../messages'

const ICONS: Record<SignupRoleChoice, typeof Home> = {
  buyer: Home,
  seller: KeyRound,
  conveyancer: Scale,
  surveyor: Building2,
  broker: Calculator,
  agent: Briefcase,
}

/**
 * 'I am a...' (spec: Screens and routes): six toggle buttons, one chosen at a time. A group with a visible
 * legend; each button reports its state with aria-pressed.
 */
export function RolePicker({
  value,
  onChange,
  invalid,
}: {
  value: SignupRoleChoice | undefined
  onChange: (role: SignupRoleChoice) => void
  invalid?: boolean
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={invalid || undefined}>
      <legend className="mb-2 text-sm font-medium">I am a...</legend>
      {/* Two columns at every width: in three, "Conveyancer" squeezed its icon out at 1280 px. */}
      <div className="grid grid-cols-2 gap-2">
        {ROLE_BUTTONS.map(({ value: role, label }) => {
          const Icon = ICONS[role]
          const selected = value === role
          return (
            <button
              key={role}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(role)}
              className={cn(
                'flex h-11 items-center justify-center gap-2 rounded-md border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
                selected
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-background text-foreground hover:bg-muted',
                invalid && !selected && 'border-destructive',
              )}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
