import { useDeferredValue, useMemo } from 'react'
import { useLoaderData } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useDirectory } from '../api'
import { filterOrganizations } from '../filter'
import { pageCount, pageOf, sameFilters, type DirectoryPage } from '../result-page'
import { useMarketplaceFilters } from '../use-marketplace-filters'
import { FilterBar } from './filter-bar'
import { MarketplaceHero } from './marketplace-hero'
import { useKnownSession } from './invite-link'
import { OrganizationResults, useFocusResultsOnPageChange } from './organization-results'

function LoadingProfessionals() {
  return (
    <div className="flex justify-center py-20">
      <Spinner label="Loading professionals" className="[&_svg]:size-8" />
    </div>
  )
}

/**
 * The marketplace directory: search, filters (in the URL) and results, filtered in the browser on
 * the already loaded list (spec: Validation rules), one page of PAGE_SIZE cards at a time (?page=N).
 * Typing stays responsive on large lists because the results follow a deferred copy of the filters.
 * A page rendered by the server starts with the page of results it chose for the URL (route loader
 * data), and shows it until the whole directory has arrived.
 */
export function DirectoryView() {
  const { filters, page, pageSearch, setSearch, setType, setTier, commitSearch } = useMarketplaceFilters()
  const rendered = useLoaderData() as DirectoryPage | null
  const directory = useDirectory()
  const signedIn = useKnownSession()
  useFocusResultsOnPageChange(page, JSON.stringify(filters))
  const search = useDeferredValue(filters.search)
  const type = useDeferredValue(filters.type)
  const tier = useDeferredValue(filters.tier)
  const results = useMemo(
    () => (directory.data ? filterOrganizations(directory.data.organizations, { search, type, tier }) : null),
    [directory.data, search, type, tier],
  )
  const shown = useMemo(() => (results ? pageOf(results, page) : null), [results, page])
  // The server's page, while it still answers the filters and page shown.
  const serverPage =
    !results &&
    rendered &&
    rendered.page === Math.min(page, pageCount(rendered.total)) &&
    sameFilters(rendered.filters, { search, type, tier })
      ? rendered
      : null

  return (
    <>
      <MarketplaceHero
        search={filters.search}
        type={filters.type}
        tier={filters.tier}
        onSearchChange={setSearch}
        onSubmit={commitSearch}
      />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <FilterBar
          type={filters.type}
          tier={filters.tier}
          count={results ? results.length : serverPage ? serverPage.total : null}
          onTypeChange={setType}
          onTierChange={setTier}
        />
        <div className="pt-6">
          {directory.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
              <h2 className="text-xl font-semibold">We could not load the directory</h2>
              <p className="text-muted-foreground">{directory.error.message}</p>
              <Button variant="outline" onClick={() => directory.refetch()}>
                Try again
              </Button>
            </div>
          ) : results && shown ? (
            <OrganizationResults
              organizations={shown.items}
              total={results.length}
              page={shown.page}
              pages={shown.pages}
              pageSearch={pageSearch}
              signedIn={signedIn}
            />
          ) : serverPage ? (
            <OrganizationResults
              organizations={serverPage.organizations}
              total={serverPage.total}
              page={serverPage.page}
              pages={pageCount(serverPage.total)}
              pageSearch={pageSearch}
              signedIn={signedIn}
            />
          ) : (
            <LoadingProfessionals />
          )}
        </div>
      </div>
    </>
  )
}
