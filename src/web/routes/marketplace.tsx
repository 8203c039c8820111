import { DirectoryView } from '../features/marketplace/components/directory-view'
import { usePageMeta } from '../lib/use-page-meta'

/** /marketplace: the professionals directory, reachable without sign-in (spec section 2). */
export function Component() {
  usePageMeta({
    title: 'Find accredited conveyancers, surveyors, brokers and agents',
    description:
      'Compare accredited conveyancers, surveyors, mortgage brokers and estate agents in England and Wales by completion time, success rate and reviews, then invite them to your move.',
  })
  return <DirectoryView />
}
