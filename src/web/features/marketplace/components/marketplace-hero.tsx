import { Search } from 'lucide-react'
import type { FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'

/** The marketplace hero (spec section 2): title, search box ('Search by name or location...') and Search button. */
export function MarketplaceHero({
  search,
  onSearchChange,
  onSubmit,
}: {
  search: string
  onSearchChange: (value: string) => void
  onSubmit: () => void
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <section className="bg-gradient-to-b from-primary-soft/70 to-background">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 pt-12 pb-8 text-center sm:px-6 md:pt-16 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Discover Accredited Professionals
        </h1>
        <p className="max-w-2xl text-lg text-slate-700">
          Conveyancers, surveyors, mortgage brokers and estate agents, ranked by real results on Homeward: how fast they
          complete, how few sales fall through and what their clients say.
        </p>
        <form
          role="search"
          aria-label="Professionals"
          onSubmit={submit}
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
              id="marketplace-search"
              type="search"
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
