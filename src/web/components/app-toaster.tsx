import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { toasterHost, TOAST_DURATION_MS, VISIBLE_TOASTS } from '../lib/toast'

/** sonner's Toaster with the spec section 9 settings; loaded by providers.tsx on the first toast. */
export default function AppToaster() {
  useEffect(() => toasterHost.markMounted(), [])
  return (
    <Toaster visibleToasts={VISIBLE_TOASTS} duration={TOAST_DURATION_MS} position="top-center" richColors closeButton />
  )
}
