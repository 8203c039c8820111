import { BadgeCheck, SearchX } from 'lucide-react'
import { Link, useLoaderData } from 'react-router'
import { cpdDuration } from '#shared/domain/academy.ts'
import { formatUkDate } from '../lib/formatters'
import { PublicPageMeta } from '../lib/page-meta'
import type { CertificateData } from '../route-loaders'

/**
 * /certificates/:number: the public check of a CPD certificate from Homeward Academy Lite (decision
 * 068), rendered by the server like the other public pages. It shows only what the certificate itself
 * says: the holder's name, the course, the day passed and the CPD minutes; an unknown number is a 404
 * saying so. Kept out of search engines (a person's name).
 */
export function Component() {
  const { number, certificate } = useLoaderData() as CertificateData
  const pageMeta = certificate
    ? {
        title: `Certificate ${certificate.number}`,
        description: `Homeward Academy Lite CPD certificate ${certificate.number}: checked.`,
      }
    : { title: 'Certificate not found', description: 'No Homeward CPD certificate has this number.' }
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-16">
      <PublicPageMeta {...pageMeta} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight">Check a CPD certificate</h1>
      {certificate ? (
        <section
          aria-labelledby="certificate-found"
          className="flex flex-col gap-4 rounded-xl border bg-background p-6 shadow-sm"
          data-testid="certificate-check"
        >
          <h2 id="certificate-found" className="flex items-center gap-2 text-xl font-semibold">
            <BadgeCheck aria-hidden="true" className="size-6 text-success-foreground" />
            This certificate is genuine
          </h2>
          <p className="text-sm text-muted-foreground">
            Certificate number <strong className="font-mono text-foreground">{certificate.number}</strong> was issued by
            Homeward Academy Lite and matches this record:
          </p>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-muted-foreground">Name</dt>
            <dd>{certificate.holder_name}</dd>
            <dt className="font-medium text-muted-foreground">Course</dt>
            <dd>{certificate.course_title}</dd>
            <dt className="font-medium text-muted-foreground">Passed on</dt>
            <dd>{formatUkDate(certificate.passed_on)}</dd>
            <dt className="font-medium text-muted-foreground">CPD recorded</dt>
            <dd>{cpdDuration(certificate.cpd_minutes)}</dd>
          </dl>
          <p className="text-xs text-muted-foreground">
            A training summary from Homeward, not a qualification or legal advice. Homeward shows nothing else about the
            holder here.
          </p>
        </section>
      ) : (
        <section
          aria-labelledby="certificate-missing"
          className="flex flex-col gap-3 rounded-xl border bg-background p-6 shadow-sm"
          data-testid="certificate-missing"
        >
          <h2 id="certificate-missing" className="flex items-center gap-2 text-xl font-semibold">
            <SearchX aria-hidden="true" className="size-6 text-destructive" />
            No certificate has this number
          </h2>
          <p className="text-sm">
            We could not find <span className="font-mono break-all">{number || '(no number)'}</span>. A Homeward
            certificate number reads HW-CPD- and 10 letters or digits, e.g. HW-CPD-1A2B3C4D5E: check it against the
            certificate. A certificate that does not check out was not issued by Homeward.
          </p>
          <Link to="/" className="self-start text-sm underline">
            Return to Home
          </Link>
        </section>
      )}
    </div>
  )
}
