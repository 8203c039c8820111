import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { PortfolioPage } from '../features/portfolio/components/portfolio-page'
import { PageTitle } from '../lib/page-meta'

/** /app/portfolio: an estate agent's portfolio of sales, riskiest first (signed in only). */
export function Component() {
  const pageMeta = { title: 'Portfolio', description: 'Your sales, riskiest first, with the reasons.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <PortfolioPage />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
