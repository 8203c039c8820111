import { Archive, ArchiveRestore, BookOpen } from 'lucide-react'
import { Link } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { canArchiveStatus } from '#shared/domain/logbook.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useArchiveMove } from '../api'

/**
 * For a move that has ended (completed or cancelled): archive it, after a confirmation that says what
 * archiving does, or bring it back. An archived move says so. A completed move's buyer is pointed to
 * their home's logbook, which archiving never touches.
 */
export function ArchiveMove({ detail }: { detail: TransactionDetail }) {
  const archive = useArchiveMove(detail.id)
  if (!canArchiveStatus(detail.status) || !detail.viewer_role) return null
  const isBuyer = detail.status === 'completed' && detail.viewer_role === 'buyer'
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p>
        {detail.archived_at ? (
          <>
            <strong>Archived</strong> on {formatUkDate(detail.archived_at)}. It stays readable here for everyone on it.
          </>
        ) : (
          <>This move has ended. Archive it to move it out of your list of moves; nothing on it is deleted.</>
        )}
        {isBuyer && <> Your home&apos;s logbook keeps the handed-over documents either way.</>}
      </p>
      <div className="flex flex-wrap gap-2">
        {isBuyer && (
          <Button asChild variant="outline" size="sm">
            <Link to={PAGE_PATHS.logbook}>
              <BookOpen aria-hidden="true" />
              Open your home&apos;s logbook
            </Link>
          </Button>
        )}
        {detail.archived_at ? (
          <Button
            variant="outline"
            size="sm"
            disabled={archive.isPending}
            onClick={() =>
              archive.mutate(false, {
                onSuccess: () => notify.success('Move restored', 'It is back in your list of moves.'),
                onError: (err) => notify.error('Could not restore the move', err.message),
              })
            }
          >
            <ArchiveRestore aria-hidden="true" />
            Restore from archive
          </Button>
        ) : (
          <ConfirmButton
            label={
              <>
                <Archive aria-hidden="true" />
                Archive move
              </>
            }
            size="sm"
            title="Archive this move?"
            description="It leaves the list of moves for Archived moves, for everyone on it. Documents, chat and the audit trail stay, and it can be restored at any time."
            confirmLabel="Archive move"
            pendingLabel="Archiving…"
            onConfirm={() =>
              archive.mutateAsync(true).then(
                () => notify.success('Move archived', 'Find it under Archived moves on your dashboard.'),
                (err: Error) => notify.error('Could not archive the move', err.message),
              )
            }
          />
        )}
      </div>
    </div>
  )
}
