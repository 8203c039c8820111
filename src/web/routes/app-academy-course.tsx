import { useParams } from 'react-router'
import { SignedInPage } from '../app/signed-in-page'
import { CourseView } from '../features/academy/components/course-view'
import { usePageMeta } from '../lib/use-page-meta'

/** /app/academy/:slug: one course's lessons. */
export function Component() {
  const { slug = '' } = useParams()
  usePageMeta({ title: 'Academy Lite course', description: 'Lessons of an Academy Lite CPD course.' })
  return <SignedInPage blocks={3}>{() => <CourseView slug={slug} />}</SignedInPage>
}
