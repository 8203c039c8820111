import { LoaderCircle } from 'lucide-react'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useEffect, useRef, useState } from 'react'
import { Document, Page, pdfjs } from 'react-pdf'
import 'react-pdf/dist/Page/TextLayer.css'

// The worker is a Vite asset on our own origin: the Content-Security-Policy allows scripts and
// workers from 'self' only, so no CDN copy.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl

// No eval: the CSP forbids it, and pdf.js would otherwise probe for it (a console error).
const PDF_OPTIONS = { isEvalSupported: false } as const

/**
 * Closing the preview while pdf.js is still loading tears its worker down, and pdf.js then rejects the
 * pending load with 'Worker was terminated' that nobody awaits any more (react-pdf issue #1062, still
 * in 10.5). That rejection means "the user closed it": nothing to report, so it is not let through as an
 * uncaught error. Every other rejection is left alone.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: unknown } | undefined
    if (reason?.message === 'Worker was terminated') event.preventDefault()
  })
}

/** Pages drawn at most; longer files say so and offer the download. */
const MAX_PAGES = 30

/**
 * A PDF drawn page by page with pdf.js (react-pdf), as wide as its container, with a text layer so
 * the words can be selected and read. `onPageCount` reports the number of pages once loaded.
 */
export function PdfPreview({
  url,
  title,
  onPageCount,
}: {
  url: string
  title: string
  onPageCount?: (pages: number) => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState<number>()
  const [pages, setPages] = useState(0)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  return (
    <div ref={box} className="w-full min-w-0" data-testid="pdf-preview">
      <Document
        file={url}
        options={PDF_OPTIONS}
        onLoadSuccess={({ numPages }) => {
          setPages(numPages)
          onPageCount?.(numPages)
        }}
        loading={
          <p role="status" className="flex items-center gap-2 p-6 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            Loading the preview…
          </p>
        }
        error={
          <p role="alert" className="p-6 text-sm text-destructive">
            The preview could not be shown. Download the file to open it.
          </p>
        }
      >
        {width &&
          Array.from({ length: Math.min(pages, MAX_PAGES) }, (_, i) => (
            <figure key={i} className="mb-4 flex flex-col items-center gap-1 last:mb-0">
              <Page
                pageNumber={i + 1}
                width={width}
                className="overflow-hidden rounded-md border bg-white shadow-sm"
                renderAnnotationLayer={false}
                loading={<div style={{ height: Math.round(width * 1.41) }} className="bg-white" />}
              />
              <figcaption className="text-xs text-muted-foreground">
                {title}, page {i + 1} of {pages}
              </figcaption>
            </figure>
          ))}
      </Document>
      {pages > MAX_PAGES && (
        <p className="p-3 text-center text-sm text-muted-foreground">
          The first {MAX_PAGES} of {pages} pages are shown. Download the file to see them all.
        </p>
      )}
    </div>
  )
}
