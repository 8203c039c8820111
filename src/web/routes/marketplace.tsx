import { DirectoryView } from '../features/marketplace/components/directory-view'
import { PublicPageMeta } from '../lib/page-meta'

/** /marketplace: the professionals directory, reachable without sign-in (spec: Screens and routes). */
export function Component() {
  const pageMeta = {
    title: 'Find accredited conveyancers, surveyors, brokers and agents',
    description:
      'Compare accredited conveyancers, surveyors, mortgage brokers and estate agents in England and Wales by completion time, success rate and reviews, then invite them to your move.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <DirectoryView />
    </>
  )
}
