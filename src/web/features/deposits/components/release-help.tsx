import { Info } from 'lucide-react'
import type { ReleaseHelp } from '#shared/contracts/deposits.ts'
import { Button } from '#web/components/ui/button.tsx'
import { notify } from '#web/lib/toast.ts'
import { useLinkMoveToFirm } from '../api'

/**
 * Why nobody can release the deposit now and who can fix it (the server's `release_help`), instead of
 * a missing form; for the conveyancer who can, the button that links the move to their firm.
 */
export function ReleaseHelpNote({ txId, help, heading }: { txId: string; help: ReleaseHelp; heading: string }) {
  const link = useLinkMoveToFirm(txId)
  return (
    <section
      aria-labelledby="release-help-heading"
      className="flex gap-3 rounded-xl border border-sky-300 bg-sky-50 p-5 text-sky-950 sm:p-6"
      data-testid="release-help"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <h2 id="release-help-heading" className="text-base font-semibold">
          {heading}
        </h2>
        <p>{help.reason}</p>
        <p>{help.fix}</p>
        {help.can_link_firm && help.firm_name && (
          <Button
            className="self-start"
            disabled={link.isPending}
            onClick={() =>
              link.mutate(undefined, {
                onSuccess: () =>
                  notify.success(
                    `Linked to ${help.firm_name}`,
                    'The move is now a matter of your firm: two of its admins or fee earners can release the deposit.',
                  ),
                onError: (err) => notify.error('The move could not be linked', err.message),
              })
            }
          >
            {link.isPending ? 'Linking…' : `Link this move to ${help.firm_name}`}
          </Button>
        )}
      </div>
    </section>
  )
}
