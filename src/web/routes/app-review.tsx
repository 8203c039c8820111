import { useParams } from 'react-router'
import { SignedInPage } from '../app/signed-in-page'
import { ReviewPage } from '../features/reviews/components/review-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/review: the buyer or seller of a completed move reviews its professionals. */
export function Component() {
  const { txId = '' } = useParams()
  const pageMeta = { title: 'Review your professionals', description: 'Rate the firms that worked on your move.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage blocks={2}>{() => <ReviewPage txId={txId} />}</SignedInPage>
    </>
  )
}
