import { useDeferredValue, useMemo } from 'react'
import { useLoaderData } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useDirectory } from '../api'
import { filterOrganizations } from '../filter'
import { pageCount, pageOf, sameFilters, type DirectoryPage } from '../result-page'
import { useDirectoryIntent } from '../use-directory-intent'
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
 * data), and shows it until the whole directory has arrived. The directory (about 375 KB of JSON
 * for the demo's 322 firms, a long task to take in on a phone) is fetched only once the server's
 * page no longer answers the filters and page asked for, or as soon as the reader points at or
 * focuses the search, a filter or a page link (useDirectoryIntent): a visitor who only reads the
 * first page, or opens a profile from it, never downloads it. A page reached in the browser (no
 * server page) fetches it at once.
 */
export function DirectoryView() {
  const { filters, page, pageSearch, setSearch, setType, setTier, setWelsh, commitSearch } = useMarketplaceFilters()
  const rendered = useLoaderData() as DirectoryPage | null
  const signedIn = useKnownSession()
  useFocusResultsOnPageChange(page, JSON.stringify(filters))
  const search = useDeferredValue(filters.search)
  const type = useDeferredValue(filters.type)
  const tier = useDeferredValue(filters.tier)
  const welsh = useDeferredValue(filters.welsh)
  // Whether the server's page answers the filters and page shown.
  const answersServer =
    rendered !== null &&
    rendered.page === Math.min(page, pageCount(rendered.total)) &&
    sameFilters(rendered.filters, { search, type, tier, welsh })
  const [wanted, intent] = useDirectoryIntent()
  const directory = useDirectory(wanted || !answersServer)
  const results = useMemo(
    () => (directory.data ? filterOrganizations(directory.data.organizations, { search, type, tier, welsh }) : null),
    [directory.data, search, type, tier, welsh],
  )
  const shown = useMemo(() => (results ? pageOf(results, page) : null), [results, page])
  // The server's page, until the directory has arrived.
  const serverPage = !results && answersServer ? rendered : null

  return (
    <>
      <MarketplaceHero search={filters.search} onSearchChange={setSearch} onSubmit={commitSearch} intent={intent} />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <FilterBar
          type={filters.type}
          tier={filters.tier}
          count={results ? results.length : serverPage ? serverPage.total : null}
          onTypeChange={setType}
          onTierChange={setTier}
          welsh={filters.welsh}
          onWelshChange={setWelsh}
          intent={intent}
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
              intent={intent}
            />
          ) : serverPage ? (
            <OrganizationResults
              organizations={serverPage.organizations}
              total={serverPage.total}
              page={serverPage.page}
              pages={pageCount(serverPage.total)}
              pageSearch={pageSearch}
              signedIn={signedIn}
              intent={intent}
            />
          ) : (
            <LoadingProfessionals />
          )}
        </div>
      </div>
    </>
  )
}
