import { useCallback, useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'

/**
 * The URL's search params and a setter that builds every change on the params last asked for, not
 * on those of the render that made the handler. React Router's own functional
 * `setSearchParams(prev => …)` hands `prev` from that render (7.x), and a navigation stays pending
 * while the route's loaders run, so two changes in quick succession (a filter, then a search typed
 * straight after) would otherwise drop the first. An interrupted navigation never commits, so a
 * committed URL is either the last one asked for or a navigation from elsewhere (a link, Back),
 * which becomes the new base. Changes replace the history entry. A committed URL this hook asked for
 * (an earlier change of a quick series) leaves the newest change as the base; the first render's URL
 * is never taken again once a change was asked for (its effect can run after a first quick click).
 */
export function useLatestSearchParams(): [URLSearchParams, (change: (next: URLSearchParams) => void) => void] {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const committed = params.toString()
  const latest = useRef(committed)
  // Searches asked for since the last URL that came from elsewhere, and the last committed one seen.
  const asked = useRef(new Set<string>())
  const seen = useRef(committed)
  useEffect(() => {
    if (seen.current === committed) return
    seen.current = committed
    if (asked.current.has(committed)) {
      if (committed === latest.current) asked.current.clear()
      return
    }
    asked.current.clear()
    latest.current = committed
  }, [committed])
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current)
      change(next)
      const search = next.toString()
      if (search === latest.current) return
      latest.current = search
      asked.current.add(search)
      void navigate({ search: search ? `?${search}` : '' }, { replace: true })
    },
    [navigate],
  )
  return [params, update]
}
