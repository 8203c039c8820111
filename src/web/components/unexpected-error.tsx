import { useEffect } from 'react'
import { Button } from './ui/button'

/** Message shown when a page fails (spec: Error catalogue, 'Generic router failure'). */
export const UNEXPECTED_ERROR_TITLE = 'Unexpected Application Error!'

/** The full-page failure screen: the spec's message, what went wrong, and ways on. Logs the error. */
export function UnexpectedError({ error, detail }: { error: unknown; detail: string }) {
  useEffect(() => {
    document.title = 'Something went wrong | Homeward'
    console.error('Unexpected application error:', error)
  }, [error])

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-start justify-center gap-4 px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{UNEXPECTED_ERROR_TITLE}</h1>
      <p className="text-muted-foreground">
        Something went wrong while showing this page. Reloading usually fixes it; if it keeps happening, email
        support@homeward.co.uk and tell us what you were doing.
      </p>
      <pre className="w-full overflow-x-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap text-slate-700">
        {detail}
      </pre>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button asChild variant="outline">
          <a href="/">Return to Home</a>
        </Button>
      </div>
    </main>
  )
}
