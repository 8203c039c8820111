import { useSearchParams } from 'react-router'
import { DirectoryView } from '../features/marketplace/components/directory-view'
import { pageFromParams } from '../features/marketplace/result-page'
import { PublicPageMeta } from '../lib/page-meta'

/**
 * /marketplace: the professionals directory, reachable without sign-in (spec: Screens and routes).
 * Each page of results (?page=N) is a page of its own for search engines: its own canonical URL and
 * title, so that the links between them lead a crawler to every professional.
 */
export function Component() {
  const page = pageFromParams(useSearchParams()[0])
  const pageMeta = {
    title: `Find accredited conveyancers, surveyors, brokers and agents${page > 1 ? ` (page ${page})` : ''}`,
    description:
      'Compare accredited conveyancers, surveyors, mortgage brokers and estate agents in England and Wales by completion time, success rate and reviews, then invite them to your move.',
    canonicalSearch: page > 1 ? `?page=${page}` : '',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <DirectoryView />
    </>
  )
}
