import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { ApiError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { PageTitle } from '#web/lib/page-meta.tsx'
import { SESSION_QUERY_KEY } from '#web/lib/session/api.ts'
import { addressOneLine } from '#web/lib/address.ts'
import { useTransaction } from '../api'
import type { WorkspaceSlots } from '../slots'
import { WorkspaceSkeleton } from './workspace-skeleton'
import { WorkspaceView } from './workspace-view'
import { PAGE_PATHS } from '#shared/paths.ts'

/** Spec: Error catalogue: the toast when a transaction fails to load or is not found. */
export const LOAD_FAILED_TOAST = {
  title: 'Error loading transaction',
  description: 'Could not find this transaction.',
} as const

/**
 * Loads one transaction and shows its workspace. Not found, not allowed (the API answers 404 for
 * both) or failed after retries: toast 'Error loading transaction' / 'Could not find this
 * transaction.' and go to /app/home (spec: Screens and routes; Error catalogue); when the network or the server failed, the
 * toast gives that message instead, since the transaction may well exist. A 401 means the session ended: the
 * session is re-read and the gate sends the person to sign in and back. `slots` gives, for the
 * loaded transaction, the parts other features provide (WorkspaceSlots).
 */
export function WorkspacePage({
  txId,
  viewerName,
  viewerId,
  slots,
}: {
  txId: string
  viewerName: string
  viewerId: string
  slots: (detail: TransactionDetail) => WorkspaceSlots
}) {
  const detail = useTransaction(txId)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const handled = useRef(false)

  useEffect(() => {
    if (!detail.isError || handled.current) return
    handled.current = true
    if (detail.error instanceof ApiError && detail.error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
      return
    }
    // Not found (404) is the spec's text; a dropped connection or a server fault says what happened instead.
    const unreachable = detail.error instanceof ApiError && (detail.error.status === 0 || detail.error.status >= 500)
    notify.error(LOAD_FAILED_TOAST.title, unreachable ? detail.error.message : LOAD_FAILED_TOAST.description)
    navigate(PAGE_PATHS.home, { replace: true })
  }, [detail.isError, detail.error, navigate, queryClient])

  return (
    <>
      <PageTitle
        title={detail.data ? addressOneLine(detail.data.property) : 'Transaction'}
        description="The shared timeline, documents and people of this move."
      />
      {detail.data ? (
        <WorkspaceView detail={detail.data} viewerName={viewerName} viewerId={viewerId} slots={slots(detail.data)} />
      ) : (
        <WorkspaceSkeleton />
      )}
    </>
  )
}
