import { Link } from 'react-router'
import { cpdDuration } from '#shared/domain/academy.ts'
import { ACADEMY_PATH, coursePath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useCourse } from '../api'

/** One paragraph of a lesson; a paragraph starting with '• ' is a bullet point. */
function LessonBody({ body }: { body: string[] }) {
  const out: React.ReactNode[] = []
  let bullets: string[] = []
  const flush = (key: number) => {
    if (bullets.length) {
      out.push(
        <ul key={`b${key}`} className="ml-5 list-disc space-y-1">
          {bullets.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>,
      )
      bullets = []
    }
  }
  body.forEach((p, i) => {
    if (p.startsWith('• ')) bullets.push(p.slice(2))
    else {
      flush(i)
      out.push(<p key={i}>{p}</p>)
    }
  })
  flush(body.length)
  return <div className="flex flex-col gap-3 leading-relaxed">{out}</div>
}

/** A course: its lessons in order, its sources, and the way to the quiz. */
export function CourseView({ slug }: { slug: string }) {
  const course = useCourse(slug)
  if (course.isPending) return <Skeleton className="h-96 w-full" aria-busy="true" />
  if (course.isError) {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-lg border bg-background p-6">
        <p>{course.error.message}</p>
        <Link to={ACADEMY_PATH} className="underline">
          Back to Academy Lite
        </Link>
      </div>
    )
  }
  const c = course.data
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to={ACADEMY_PATH} className="text-sm text-muted-foreground underline">
          Academy Lite
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{c.title}</h1>
        <p className="text-muted-foreground">
          {c.audience}. {cpdDuration(c.cpd_minutes)} of CPD on passing the quiz ({c.pass_mark_percent}% to pass).
        </p>
      </header>
      <nav aria-label="Lessons" className="rounded-lg border bg-background p-4">
        <ol className="ml-5 list-decimal space-y-1">
          {c.lessons.map((l) => (
            <li key={l.slug}>
              <a href={`#${l.slug}`} className="underline">
                {l.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {c.lessons.map((l, i) => (
        <section
          key={l.slug}
          id={l.slug}
          aria-labelledby={`${l.slug}-title`}
          className="flex flex-col gap-3 rounded-lg border bg-background p-5"
        >
          <h2 id={`${l.slug}-title`} className="text-xl font-semibold">
            {i + 1}. {l.title}
          </h2>
          <LessonBody body={l.body} />
        </section>
      ))}
      <section aria-labelledby="sources-title" className="text-sm text-muted-foreground">
        <h2 id="sources-title" className="font-semibold text-foreground">
          Sources
        </h2>
        <ul className="ml-5 list-disc">
          {c.sources.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
        <p className="mt-2">A training summary, not legal advice: the sources govern.</p>
      </section>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={coursePath(c.slug, 'quiz')}>{c.record ? 'Take the quiz again' : 'Take the quiz'}</Link>
        </Button>
      </div>
    </article>
  )
}
