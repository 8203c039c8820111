import { useCallback, useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'

/**
 * The URL's search params and a setter that builds every change on the params last asked for, not
 * on those of the render that made the handler. React Router's own functional
 * `setSearchParams(prev => …)` hands `prev` from that render (7.x), and a navigation stays pending
 * while the route's loaders run, so two changes in quick succession (a filter, then a search typed
 * straight after) would otherwise drop the first. An interrupted navigation never commits, so a
 * committed URL is either the last one asked for or a navigation from elsewhere (a link, Back),
 * which becomes the new base. Changes replace the history entry.
 */
export function useLatestSearchParams(): [URLSearchParams, (change: (next: URLSearchParams) => void) => void] {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const committed = params.toString()
  const latest = useRef(committed)
  useEffect(() => {
    latest.current = committed
  }, [committed])
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current)
      change(next)
      const search = next.toString()
      if (search === latest.current) return
      latest.current = search
      void navigate({ search: search ? `?${search}` : '' }, { replace: true })
    },
    [navigate],
  )
  return [params, update]
}
