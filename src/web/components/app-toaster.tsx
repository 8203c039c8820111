import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { toasterHost, TOAST_DURATION_MS, VISIBLE_TOASTS } from '../lib/toast'

/**
 * sonner's Toaster with the spec: Business constants and limits settings; loaded by providers.tsx on the first toast.
 * Bottom right, clear of the sticky header, the page headings and the main actions beside them,
 * which a top toast covered; on phones sonner spans the bottom edge.
 */
export default function AppToaster() {
  useEffect(() => toasterHost.markMounted(), [])
  return (
    <Toaster
      visibleToasts={VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      richColors
      closeButton
    />
  )
}
