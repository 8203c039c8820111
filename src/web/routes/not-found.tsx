import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '../components/ui/button'
import { PublicPageMeta } from '../lib/page-meta'

/** The 404 page for any unknown route (spec: Screens and routes): logs the attempted path with console.error. */
export function Component() {
  const { pathname } = useLocation()
  const pageMeta = {
    title: 'Page not found',
    description: 'The page you were looking for does not exist on Homeward. Return to the home page to carry on.',
  }
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <PublicPageMeta {...pageMeta} />
      <p className="text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold tracking-tight">
        <span className="sr-only">404: </span>Oops! Page not found
      </h1>
      <p className="text-muted-foreground">
        We could not find <span className="font-mono break-all text-foreground">{pathname}</span>. It may have moved, or
        the link may be mistyped.
      </p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  )
}
