import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { PublicPageMeta } from '#web/lib/page-meta.tsx'

/** Friendly not-found for a profile that does not exist (or no longer does). */
export function OrganizationNotFound() {
  const pageMeta = {
    title: 'Professional not found',
    description:
      'This professional is not listed on Homeward. Search the marketplace for accredited professionals near you.',
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <PublicPageMeta {...pageMeta} />
      <h1 className="text-3xl font-bold tracking-tight">We couldn't find that professional</h1>
      <p className="text-muted-foreground">
        The firm may have left the marketplace, or the link may be incomplete. You can search the marketplace for
        another accredited professional.
      </p>
      <Button asChild size="lg">
        <Link to="/marketplace">Back to the marketplace</Link>
      </Button>
    </div>
  )
}
