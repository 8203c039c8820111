import { isProfessional } from '#shared/domain/academy.ts'
import type { ReactNode } from 'react'
import type { MeResponse } from '#shared/contracts/auth.ts'
import { Skeleton } from '../components/ui/skeleton'
import { AppFrame, AppFrameFallback } from './app-frame'
import { SignedInGate } from './signed-in-gate'

/**
 * A signed-in page of one narrow column (settings, support): the app frame around `children(me)`,
 * and while the session loads the frame with a heading skeleton and `blocks` block skeletons of
 * `blockClassName`. Without a session, SignedInGate sends the person to /auth and back here.
 */
export function SignedInPage({
  children,
  blocks = 2,
  blockClassName = 'h-56 w-full',
}: {
  children: (me: MeResponse) => ReactNode
  blocks?: number
  blockClassName?: string
}) {
  return (
    <SignedInGate
      fallback={
        <AppFrameFallback>
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-6" aria-busy="true">
            <Skeleton className="h-9 w-64" />
            {Array.from({ length: blocks }, (_, i) => (
              <Skeleton key={i} className={blockClassName} />
            ))}
          </div>
        </AppFrameFallback>
      }
    >
      {(me) => (
        <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
          {children(me)}
        </AppFrame>
      )}
    </SignedInGate>
  )
}
