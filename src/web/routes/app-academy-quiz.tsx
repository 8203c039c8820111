import { useParams } from 'react-router'
import { SignedInPage } from '../app/signed-in-page'
import { QuizForm } from '../features/academy/components/quiz-form'
import { PageTitle } from '../lib/page-meta'

/** /app/academy/:slug/quiz: the course's quiz, then its result and certificate. */
export function Component() {
  const { slug = '' } = useParams()
  const pageMeta = { title: 'Academy Lite quiz', description: 'The quiz of an Academy Lite CPD course.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage blocks={3}>{() => <QuizForm slug={slug} />}</SignedInPage>
    </>
  )
}
