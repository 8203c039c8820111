import { useDeferredValue, useMemo } from 'react'
import type { DirectoryOrganization } from '../../../../shared/contracts/directory'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { useDirectory } from '../api'
import { filterOrganizations } from '../filter'
import { useMarketplaceFilters } from '../use-marketplace-filters'
import { FilterBar } from './filter-bar'
import { MarketplaceHero } from './marketplace-hero'
import { useKnownSession } from './invite-link'
import { OrganizationResults } from './organization-results'

/**
 * The marketplace directory: search, filters (in the URL) and results, filtered in the browser on
 * the already loaded list (spec section 5). Typing stays responsive on large lists because the
 * results follow a deferred copy of the filters.
 */
const EMPTY: DirectoryOrganization[] = []

export function DirectoryView() {
  const { filters, setSearch, setType, setTier, commitSearch } = useMarketplaceFilters()
  const directory = useDirectory()
  const signedIn = useKnownSession()
  const search = useDeferredValue(filters.search)
  const type = useDeferredValue(filters.type)
  const tier = useDeferredValue(filters.tier)
  const results = useMemo(
    () => (directory.data ? filterOrganizations(directory.data.organizations, { search, type, tier }) : null),
    [directory.data, search, type, tier],
  )

  return (
    <>
      <MarketplaceHero search={filters.search} onSearchChange={setSearch} onSubmit={commitSearch} />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <FilterBar
          type={filters.type}
          tier={filters.tier}
          count={results ? results.length : null}
          onTypeChange={setType}
          onTierChange={setTier}
        />
        <div className="pt-6">
          {directory.isPending ? (
            <div className="flex justify-center py-20">
              <Spinner label="Loading professionals" className="[&_svg]:size-8" />
            </div>
          ) : directory.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
              <h2 className="text-xl font-semibold">We could not load the directory</h2>
              <p className="text-muted-foreground">{directory.error.message}</p>
              <Button variant="outline" onClick={() => directory.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <OrganizationResults organizations={results ?? EMPTY} signedIn={signedIn} />
          )}
        </div>
      </div>
    </>
  )
}
