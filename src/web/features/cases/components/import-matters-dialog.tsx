import { useMemo, useState, type ChangeEvent } from 'react'
import { Link } from 'react-router'
import {
  checkMatterCsv,
  MATTER_IMPORT_COLUMNS,
  MATTER_IMPORT_MAX_BYTES,
  MATTER_IMPORT_MAX_ROWS,
  MATTER_IMPORT_TEMPLATE,
  type CheckedImport,
  type ImportMattersResponse,
} from '#shared/contracts/matter-import.ts'
import { matterSideLabel } from '#shared/domain/firms.ts'
import { transactionPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { formatGbp, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useImportMatters } from '../api'

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(MATTER_IMPORT_TEMPLATE)}`

/**
 * The cases board's "Import matters" dialog: download the template, choose a CSV, see every row
 * checked in a preview (the shared checkMatterCsv, the same check the server makes, so the errors
 * shown are the ones the import reports), then import. The server opens each valid row as its own
 * matter in its own database transaction and answers each row's outcome, listed here with row
 * numbers; rows with errors are left out and can be fixed and imported again. Closing is refused
 * while the import runs.
 */
export function ImportMattersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const run = useImportMatters()
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const [fileError, setFileError] = useState<string>()
  const [result, setResult] = useState<ImportMattersResponse | null>(null)
  const checked: CheckedImport | null = useMemo(() => (file ? checkMatterCsv(file.text) : null), [file])
  const valid = checked?.ok ? checked.rows.filter((r) => r.ok).length : 0
  const invalid = checked?.ok ? checked.rows.length - valid : 0

  const reset = () => {
    setFile(null)
    setFileError(undefined)
    setResult(null)
    run.reset()
  }
  const close = () => {
    if (run.isPending) return
    reset()
    onClose()
  }
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0]
    setResult(null)
    setFile(null)
    setFileError(undefined)
    if (!chosen) return
    if (chosen.size > MATTER_IMPORT_MAX_BYTES) {
      setFileError(
        `${chosen.name} is larger than 500 KB. Split it into files of at most ${MATTER_IMPORT_MAX_ROWS} matters.`,
      )
      return
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() })
    } catch {
      setFileError(`${chosen.name} could not be read. Save it as CSV (UTF-8) and choose it again.`)
    }
  }
  const submit = () => {
    if (!file) return
    run.mutate(file.text, {
      onSuccess: (answer) => {
        setResult(answer)
        if (answer.created) notify.success('Matters imported', `${pluralise(answer.created, 'matter')} opened.`)
      },
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-h-[92vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-4xl">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="pr-8">
            <DialogTitle>Import matters</DialogTitle>
            <DialogDescription className="mt-1">
              Bring your current matters across from a spreadsheet, one row per matter. Each opens as a draft move with
              you as fee earner, and each client is emailed an invitation to their move, as when you open a matter by
              hand.
            </DialogDescription>
          </div>

          {result ? (
            <ImportResult result={result} />
          ) : (
            <>
              <ol className="flex flex-col gap-3 text-sm">
                <li className="flex flex-col gap-1">
                  <span className="font-medium">1. Fill in the template</span>
                  <span className="text-muted-foreground">
                    At most {MATTER_IMPORT_MAX_ROWS} matters and 500 KB per file. Save it as CSV.{' '}
                    <a
                      className="font-medium text-primary underline underline-offset-2"
                      href={TEMPLATE_HREF}
                      download="homeward-matters-template.csv"
                    >
                      Download the template (CSV)
                    </a>
                  </span>
                  <details className="text-muted-foreground">
                    <summary className="cursor-pointer">What goes in each column</summary>
                    <ul className="mt-1 list-disc pl-5">
                      {MATTER_IMPORT_COLUMNS.map((c) => (
                        <li key={c.key}>
                          <code className="text-foreground">{c.key}</code>: {c.label}
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
                <li className="flex flex-col gap-2">
                  <Label htmlFor="import-file">2. Choose the CSV file</Label>
                  <input
                    id="import-file"
                    type="file"
                    accept=".csv,text/csv"
                    aria-describedby={fileError || (checked && !checked.ok) ? 'import-file-error' : undefined}
                    onChange={(e) => void choose(e)}
                    className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
                  />
                  {(fileError || (checked && !checked.ok)) && (
                    <p id="import-file-error" role="alert" className="text-sm text-destructive">
                      {fileError ?? (checked && !checked.ok ? checked.error : '')}
                    </p>
                  )}
                </li>
              </ol>

              {checked?.ok && (
                <section aria-labelledby="import-preview" className="flex flex-col gap-2">
                  <h3 id="import-preview" className="font-semibold">
                    3. Check the preview
                  </h3>
                  <p className="text-sm" role="status">
                    {pluralise(valid, 'matter')} ready to import
                    {invalid > 0 && (
                      <>
                        {' · '}
                        <span className="font-medium text-destructive">
                          {pluralise(invalid, 'row')} with errors, left out
                        </span>
                      </>
                    )}
                  </p>
                  <PreviewTable checked={checked} />
                </section>
              )}

              {run.error && (
                <p role="alert" className="text-sm text-destructive">
                  {run.error.message}
                </p>
              )}
            </>
          )}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {result ? (
              <>
                {result.errors > 0 && (
                  <Button type="button" variant="outline" onClick={reset}>
                    Import another file
                  </Button>
                )}
                <Button type="button" onClick={close}>
                  Done
                </Button>
              </>
            ) : (
              <>
                <Button type="button" variant="outline" onClick={close} disabled={run.isPending}>
                  Cancel
                </Button>
                <Button type="button" onClick={submit} disabled={run.isPending || valid === 0}>
                  {run.isPending ? 'Importing…' : `Import ${pluralise(valid, 'matter')}`}
                </Button>
              </>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** Every row of the file with what will happen to it: the parsed matter, or its errors. */
function PreviewTable({ checked }: { checked: Extract<CheckedImport, { ok: true }> }) {
  return (
    <div className="max-h-80 overflow-auto rounded-md border">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Preview of the rows in the file</caption>
        <thead className="sticky top-0 bg-muted text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-1.5">
              Row
            </th>
            <th scope="col" className="px-2 py-1.5">
              Reference
            </th>
            <th scope="col" className="px-2 py-1.5">
              Property
            </th>
            <th scope="col" className="px-2 py-1.5">
              Client
            </th>
            <th scope="col" className="px-2 py-1.5">
              Side
            </th>
            <th scope="col" className="px-2 py-1.5 text-right">
              Price
            </th>
            <th scope="col" className="px-2 py-1.5">
              Check
            </th>
          </tr>
        </thead>
        <tbody>
          {checked.rows.map((r) => (
            <tr key={r.row} className={r.ok ? 'border-t' : 'border-t bg-destructive/5'}>
              <td className="px-2 py-1.5 tabular-nums">{r.row}</td>
              <td className="px-2 py-1.5">{r.reference ?? '—'}</td>
              <td className="px-2 py-1.5">
                {r.ok ? `${r.input.address_line_1}, ${r.input.town}, ${r.input.postcode}` : r.address || '—'}
              </td>
              <td className="px-2 py-1.5">{r.ok ? r.input.client_name : '—'}</td>
              <td className="px-2 py-1.5">{r.ok ? matterSideLabel(r.input.side) : '—'}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {r.ok ? formatGbp(r.input.agreed_price, { whole: Number.isInteger(r.input.agreed_price) }) : '—'}
              </td>
              <td className="px-2 py-1.5">
                {r.ok ? (
                  <Badge variant="success">Ready</Badge>
                ) : (
                  <ul className="flex flex-col gap-0.5 text-destructive">
                    {r.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** What the import did: the matters created (each a link) and the rows refused, with their numbers. */
function ImportResult({ result }: { result: ImportMattersResponse }) {
  const created = result.rows.filter((r) => r.status === 'created')
  const refused = result.rows.filter((r) => r.status === 'error')
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p role="status" className="font-medium">
        {pluralise(result.created, 'matter')} created
        {result.errors > 0 ? `, ${pluralise(result.errors, 'row')} not imported` : ''}.
      </p>
      {refused.length > 0 && (
        <section aria-labelledby="import-refused" className="flex flex-col gap-1">
          <h3 id="import-refused" className="font-semibold">
            Not imported: fix these rows and import them again
          </h3>
          <ul className="flex flex-col gap-1 rounded-md border border-destructive/40 p-2">
            {refused.map((r) => (
              <li key={r.row}>
                <span className="font-medium">
                  Row {r.row}
                  {r.reference ? ` (${r.reference})` : ''}:
                </span>{' '}
                <span className="text-destructive">{r.errors.join('; ')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {created.length > 0 && (
        <section aria-labelledby="import-created" className="flex flex-col gap-1">
          <h3 id="import-created" className="font-semibold">
            Created
          </h3>
          <ul className="flex max-h-60 flex-col gap-1 overflow-auto rounded-md border p-2">
            {created.map((r) => (
              <li key={r.row}>
                Row {r.row}
                {r.reference ? ` (${r.reference})` : ''}:{' '}
                {r.transaction_id ? (
                  <Link
                    className="font-medium underline-offset-2 hover:underline"
                    to={transactionPath(r.transaction_id)}
                  >
                    {r.address}
                  </Link>
                ) : (
                  r.address
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
