import { useParams } from 'react-router'
import { SignedInPage } from '../app/signed-in-page'
import { CourseView } from '../features/academy/components/course-view'
import { PageTitle } from '../lib/page-meta'

/** /app/academy/:slug: one course's lessons. */
export function Component() {
  const { slug = '' } = useParams()
  const pageMeta = { title: 'Academy Lite course', description: 'Lessons of an Academy Lite CPD course.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage blocks={3}>{() => <CourseView slug={slug} />}</SignedInPage>
    </>
  )
}
