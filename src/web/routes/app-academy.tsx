import { SignedInPage } from '../app/signed-in-page'
import { CourseList } from '../features/academy/components/course-list'
import { PageTitle } from '../lib/page-meta'

/** /app/academy: Academy Lite's courses, the viewer's CPD and their firm's onboarding checklist. */
export function Component() {
  const pageMeta = { title: 'Academy Lite', description: 'Short CPD courses for property professionals.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage blocks={2}>
        {() => (
          <div className="flex w-full flex-col gap-6">
            <div className="flex flex-col gap-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Academy Lite</h1>
              <p className="text-muted-foreground">
                Short CPD courses on the rules behind every move, each with a quiz and a certificate.
              </p>
            </div>
            <CourseList />
          </div>
        )}
      </SignedInPage>
    </>
  )
}
