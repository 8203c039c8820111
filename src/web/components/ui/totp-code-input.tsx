import type { ComponentProps } from 'react'
import { Input } from './input'

/**
 * The 6-digit code from an authenticator app: numeric keypad, one-time-code autofill, and room for 7
 * characters so a code typed as '123 456' fits. Pair it with a Label (FormField), like Input.
 */
export function TotpCodeInput(props: ComponentProps<'input'>) {
  return <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} {...props} />
}
