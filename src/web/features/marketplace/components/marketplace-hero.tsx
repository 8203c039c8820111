import { Search } from 'lucide-react'
import { useLayoutEffect, useRef, type FormEvent } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { DEFAULT_VALUE_ATTRIBUTE } from '#web/lib/hydrate-on-intent.ts'
import type { IntentHandlers } from '../use-directory-intent'

/** Id of the hero's search form, whose fields also include the filter bar's selects (FilterBar). */
export const SEARCH_FORM_ID = 'marketplace-search-form'

/**
 * The marketplace hero (spec: Screens and routes): title, search box ('Search by name or location...') and
 * Search button. The form also works as a plain GET of /marketplace?q=&type=&tier= (without
 * JavaScript, or before the server-rendered page is live); what was typed before then is searched
 * for once it is. `intent`: handlers telling the page the reader is about to search.
 */
export function MarketplaceHero({
  search,
  onSearchChange,
  onSubmit,
  intent,
}: {
  search: string
  onSearchChange: (value: string) => void
  onSubmit: () => void
  intent?: IntentHandlers
}) {
  const input = useRef<HTMLInputElement>(null)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  // Once, when the page goes live: typing into the server-rendered box reached no handler.
  useLayoutEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined && typed !== search) onSearchChange(typed)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <section className="bg-gradient-to-b from-primary-soft/70 to-background">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 pt-12 pb-8 text-center sm:px-6 md:pt-16 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Discover Accredited Professionals
        </h1>
        <p className="max-w-2xl text-lg text-slate-700">
          Conveyancers, surveyors, mortgage brokers and estate agents, ordered by the accreditation tier Homeward works
          out from the moves they handle here: how fast they complete, how few sales fall through and what their clients
          say.
        </p>
        <form
          id={SEARCH_FORM_ID}
          role="search"
          aria-label="Professionals"
          method="get"
          action="/marketplace"
          onSubmit={submit}
          {...intent}
          className="flex w-full max-w-2xl flex-col gap-2 sm:flex-row"
        >
          <label htmlFor="marketplace-search" className="sr-only">
            Search by name or location
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            />
            <Input
              ref={input}
              id="marketplace-search"
              type="search"
              name="q"
              {...{ [DEFAULT_VALUE_ATTRIBUTE]: '' }}
              value={search}
              onChange={(e) => onSearchChange(e.target.value)}
              placeholder="Search by name or location..."
              autoComplete="off"
              enterKeyHint="search"
              className="h-12 pl-10 text-base md:text-base"
            />
          </div>
          <Button type="submit" size="lg">
            Search
          </Button>
        </form>
      </div>
    </section>
  )
}
