import { useEffect } from 'react'

const SUFFIX = 'Homeward'

/**
 * Sets the page's <title> ('<title> | Homeward') and <meta name="description"> while the calling
 * route is shown. Every public page has its own pair (issue 3, budgets).
 */
export function usePageMeta({ title, description }: { title: string; description: string }): void {
  useEffect(() => {
    document.title = title.includes(SUFFIX) ? title : `${title} | ${SUFFIX}`
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description
  }, [title, description])
}
