import { ArrowLeft, Download, Eye, FileDown, Home, Upload } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { AddLogbookEntryInput, StartSaleInput, type LogbookDetail } from '#shared/contracts/logbooks.ts'
import {
  LOGBOOK_CATEGORY_LABELS,
  LOGBOOK_DOCUMENT_CATEGORIES,
  MAINTENANCE_KIND_LABELS,
  MAINTENANCE_KINDS,
  type LogbookDocumentCategory,
  type MaintenanceKind,
} from '#shared/domain/logbook.ts'
import { PAGE_PATHS, transactionPath } from '#shared/paths.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { ACCEPT_ATTRIBUTE, formatFileSize, precheckFile } from '#web/lib/uploads/file-checks.ts'
import {
  logbookFileUrl,
  logbookPdtfUrl,
  useAddEntry,
  useLogbook,
  useRemoveDocument,
  useRemoveEntry,
  useStartSale,
  useUploadLogbookDocument,
} from '../api'

/**
 * One home logbook (/app/logbook/{logbookId}): the home and its property data, the documents handed
 * over at completion and those the owner added (by category, to view or download), the maintenance
 * record, and starting a sale with the logbook as the property pack. A logbook handed over to the
 * next owner is read-only.
 */
export function LogbookPage({ logbookId }: { logbookId: string }) {
  const logbook = useLogbook(logbookId)
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <Link
        to={PAGE_PATHS.logbook}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All logbooks
      </Link>
      {logbook.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the logbook" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : logbook.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-destructive">This logbook could not be loaded: {logbook.error.message}</p>
          <Button variant="outline" onClick={() => void logbook.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <LogbookBody logbook={logbook.data} />
      )}
    </div>
  )
}

function LogbookBody({ logbook }: { logbook: LogbookDetail }) {
  const readOnly = !!logbook.handed_over_at
  const facts = [
    logbook.completed_on && { label: 'Completed', value: formatUkDate(logbook.completed_on) },
    logbook.price_pence !== null && {
      label: 'Price paid',
      value: formatGbpFromPence(logbook.price_pence, { whole: true }),
    },
    logbook.tenure && { label: 'Tenure', value: logbook.tenure === 'freehold' ? 'Freehold' : 'Leasehold' },
    logbook.title_number && { label: 'Title number', value: logbook.title_number },
    logbook.uprn && { label: 'UPRN', value: logbook.uprn },
  ].filter((f): f is { label: string; value: string } => !!f)
  return (
    <>
      <header className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-sm font-semibold text-primary">Home logbook</p>
            <h1 className="text-3xl font-bold tracking-tight break-words">{logbook.address_lines[0]}</h1>
            <p className="text-muted-foreground">{[...logbook.address_lines.slice(1), logbook.postcode].join(', ')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href={logbookPdtfUrl(logbook.id)} download>
                <FileDown aria-hidden="true" />
                Property data (PDTF)
              </a>
            </Button>
            <SellAction logbook={logbook} />
          </div>
        </div>
        {facts.length > 0 && (
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:flex sm:flex-wrap">
            {facts.map((f) => (
              <div key={f.label} className="flex flex-col">
                <dt className="text-muted-foreground">{f.label}</dt>
                <dd className="font-medium">{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {readOnly && (
          <p role="note" className="rounded-lg border bg-muted/50 p-3 text-sm">
            <strong>Handed over</strong> to the new owner on {formatUkDate(logbook.handed_over_at!)} with your
            maintenance record. You can still read and download everything here.
          </p>
        )}
        {logbook.from_previous_owner && (
          <p className="rounded-lg border border-amber-200 bg-accent/60 p-3 text-sm text-accent-foreground">
            This logbook came with the home: entries marked &ldquo;previous owner&rdquo; were recorded before you bought
            it.
          </p>
        )}
      </header>
      <DocumentsSection logbook={logbook} readOnly={readOnly} />
      <MaintenanceSection logbook={logbook} readOnly={readOnly} />
    </>
  )
}

function SellAction({ logbook }: { logbook: LogbookDetail }) {
  const [open, setOpen] = useState(false)
  const [price, setPrice] = useState('')
  const [tenure, setTenure] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const start = useStartSale(logbook.id)
  const navigate = useNavigate()
  const id = useId()
  if (logbook.handed_over_at) return null
  if (logbook.sale_transaction_id) {
    return (
      <Button asChild>
        <Link to={transactionPath(logbook.sale_transaction_id)}>
          <Home aria-hidden="true" />
          Open your sale
        </Link>
      </Button>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = StartSaleInput.safeParse({ agreed_price: price.replace(/[£,\s]/g, ''), tenure: tenure || undefined })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    start.mutate(parsed.data, {
      onSuccess: ({ id: txId }) => {
        notify.success('Sale started', 'Your logbook documents are in the Property folder of the new move.')
        void navigate(transactionPath(txId))
      },
      onError: (err) => setErrors({ form: err.message }),
    })
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Home aria-hidden="true" />
        Start selling this home
      </Button>
      <Dialog open={open} onOpenChange={(o) => !start.isPending && setOpen(o)}>
        <DialogContent>
          <DialogTitle>Start selling this home</DialogTitle>
          <DialogDescription>
            A new move starts with you as the seller. Its property pack is this logbook: the address, title number and
            every document here go into its Property and Fixtures folders.
          </DialogDescription>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <FormField id={`${id}-price`} label="Agreed price (£)" error={errors.agreed_price}>
              {(control) => (
                <Input {...control} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
              )}
            </FormField>
            {!logbook.tenure && (
              <FormField id={`${id}-tenure`} label="Tenure" error={errors.tenure}>
                {(control) => (
                  <NativeSelect {...control} value={tenure} onChange={(e) => setTenure(e.target.value)}>
                    <option value="">Choose…</option>
                    <option value="freehold">Freehold</option>
                    <option value="leasehold">Leasehold</option>
                  </NativeSelect>
                )}
              </FormField>
            )}
            {errors.form && (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={start.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={start.isPending}>
                {start.isPending ? 'Starting…' : 'Start sale'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  )
}

function DocumentsSection({ logbook, readOnly }: { logbook: LogbookDetail; readOnly: boolean }) {
  const remove = useRemoveDocument(logbook.id)
  const groups = LOGBOOK_DOCUMENT_CATEGORIES.map((category) => ({
    category,
    docs: logbook.documents.filter((d) => d.category === category),
  })).filter((g) => g.docs.length > 0)
  return (
    <section
      aria-labelledby="logbook-documents"
      className="flex flex-col gap-4 rounded-xl border bg-background p-5 sm:p-6"
    >
      <h2 id="logbook-documents" className="text-xl font-semibold">
        Documents
      </h2>
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No documents yet. Add certificates, guarantees and receipts below.
        </p>
      ) : (
        groups.map((g) => (
          <div key={g.category} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-muted-foreground">{LOGBOOK_CATEGORY_LABELS[g.category]}</h3>
            <ul className="flex flex-col divide-y rounded-lg border" aria-label={LOGBOOK_CATEGORY_LABELS[g.category]}>
              {g.docs.map((d) => (
                <li key={d.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{d.filename}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatFileSize(d.size_bytes)} ·{' '}
                      {d.handed_over ? 'Handed over at completion' : `Added ${formatUkDate(d.created_at)}`}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="outline" size="sm">
                      <a href={logbookFileUrl(logbook.id, d.id, 'inline')} target="_blank" rel="noreferrer">
                        <Eye aria-hidden="true" />
                        View<span className="sr-only"> {d.filename}</span>
                      </a>
                    </Button>
                    <Button asChild variant="outline" size="sm">
                      <a href={logbookFileUrl(logbook.id, d.id, 'attachment')} download>
                        <Download aria-hidden="true" />
                        Download<span className="sr-only"> {d.filename}</span>
                      </a>
                    </Button>
                    {!readOnly && (
                      <ConfirmButton
                        label={
                          <>
                            Remove<span className="sr-only"> {d.filename}</span>
                          </>
                        }
                        size="sm"
                        title={`Remove "${d.filename}" from the logbook?`}
                        description={
                          d.handed_over
                            ? 'It leaves your logbook. The move it came from keeps its own copy.'
                            : 'It is deleted from your logbook. This cannot be undone.'
                        }
                        confirmLabel="Remove"
                        pendingLabel="Removing…"
                        onConfirm={() =>
                          remove.mutateAsync(d.id).then(
                            () => notify.success('Document removed', d.filename),
                            (err: Error) => notify.error('Could not remove the document', err.message),
                          )
                        }
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      {!readOnly && <AddDocumentForm logbookId={logbook.id} />}
    </section>
  )
}

function AddDocumentForm({ logbookId }: { logbookId: string }) {
  const upload = useUploadLogbookDocument(logbookId)
  const [category, setCategory] = useState<LogbookDocumentCategory>('certificates')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string>()
  const [progress, setProgress] = useState<number | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!file) return setError('Choose a file to add')
    const problem = precheckFile(file)
    if (problem) return setError(problem)
    setError(undefined)
    setProgress(0)
    upload.mutate(
      { file, category, onProgress: (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0) },
      {
        onSuccess: (doc) => {
          notify.success('Document added', doc.filename)
          setFile(null)
          if (input.current) input.current.value = ''
        },
        onError: (err) => setError(err.message),
        onSettled: () => setProgress(null),
      },
    )
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add a document"
      className="flex flex-col gap-3 rounded-lg border border-dashed p-4"
    >
      <h3 className="font-semibold">Add a document</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-category`} label="Category">
          {(control) => (
            <NativeSelect
              {...control}
              value={category}
              onChange={(e) => setCategory(e.target.value as LogbookDocumentCategory)}
            >
              {LOGBOOK_DOCUMENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {LOGBOOK_CATEGORY_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-file`} label="File" hint="PDF, JPEG, PNG, HEIC or Word, up to 50 MB" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={input}
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
      </div>
      {progress !== null && <Progress value={progress} aria-label={`Uploading: ${progress}%`} />}
      <Button type="submit" className="w-fit" disabled={upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? 'Adding…' : 'Add document'}
      </Button>
    </form>
  )
}

function MaintenanceSection({ logbook, readOnly }: { logbook: LogbookDetail; readOnly: boolean }) {
  const remove = useRemoveEntry(logbook.id)
  return (
    <section
      aria-labelledby="logbook-maintenance"
      className="flex flex-col gap-4 rounded-xl border bg-background p-5 sm:p-6"
    >
      <h2 id="logbook-maintenance" className="text-xl font-semibold">
        Maintenance record
      </h2>
      {logbook.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing recorded yet. A record of services, repairs and improvements, with receipts, helps when you sell.
        </p>
      ) : (
        <ol className="flex flex-col divide-y rounded-lg border" aria-label="Maintenance record, newest first">
          {logbook.entries.map((e) => {
            const receipt = e.document_id ? logbook.documents.find((d) => d.id === e.document_id) : undefined
            return (
              <li key={e.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium break-words">{e.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatUkDate(e.done_on)} · {MAINTENANCE_KIND_LABELS[e.kind]}
                    {e.cost_pence !== null && <> · {formatGbpFromPence(e.cost_pence)}</>}
                    {e.contractor && <> · {e.contractor}</>}
                  </p>
                  {e.notes && <p className="mt-1 text-sm whitespace-pre-line">{e.notes}</p>}
                  <div className="mt-1 flex flex-wrap gap-2">
                    {e.from_previous_owner && <Badge variant="outline">Previous owner: {e.from_previous_owner}</Badge>}
                    {receipt && (
                      <a
                        className="text-sm underline"
                        href={logbookFileUrl(logbook.id, receipt.id, 'inline')}
                        target="_blank"
                        rel="noreferrer"
                      >
                        Receipt: {receipt.filename}
                      </a>
                    )}
                  </div>
                </div>
                {!readOnly && (
                  <ConfirmButton
                    label={
                      <>
                        Remove<span className="sr-only"> {e.title}</span>
                      </>
                    }
                    size="sm"
                    title="Remove this entry?"
                    description={`"${e.title}" leaves the maintenance record. This cannot be undone.`}
                    confirmLabel="Remove"
                    pendingLabel="Removing…"
                    onConfirm={() =>
                      remove.mutateAsync(e.id).then(
                        () => notify.success('Entry removed', e.title),
                        (err: Error) => notify.error('Could not remove the entry', err.message),
                      )
                    }
                  />
                )}
              </li>
            )
          })}
        </ol>
      )}
      {!readOnly && <AddEntryForm logbook={logbook} />}
    </section>
  )
}

function AddEntryForm({ logbook }: { logbook: LogbookDetail }) {
  const add = useAddEntry(logbook.id)
  const empty = {
    kind: 'boiler_and_heating' as MaintenanceKind,
    title: '',
    done_on: '',
    cost: '',
    contractor: '',
    notes: '',
    document_id: '',
  }
  const [form, setForm] = useState(empty)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const id = useId()
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const cost = form.cost.replace(/[£,\s]/g, '')
    const costNumber = cost === '' ? null : Number(cost)
    const candidate = {
      kind: form.kind,
      title: form.title,
      done_on: form.done_on,
      cost_pence:
        costNumber === null || Number.isNaN(costNumber) ? (cost === '' ? null : -1) : Math.round(costNumber * 100),
      contractor: form.contractor,
      notes: form.notes,
      document_id: form.document_id || null,
    }
    const parsed = AddLogbookEntryInput.safeParse(candidate)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    add.mutate(candidate, {
      onSuccess: (entry) => {
        notify.success('Added to the maintenance record', entry.title)
        setForm(empty)
      },
      onError: (err) => setErrors({ form: err.message }),
    })
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Record work on the home"
      className="flex flex-col gap-3 rounded-lg border border-dashed p-4"
    >
      <h3 className="font-semibold">Record work on the home</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-kind`} label="Kind of work" error={errors.kind}>
          {(control) => (
            <NativeSelect {...control} value={form.kind} onChange={set('kind')}>
              {MAINTENANCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {MAINTENANCE_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-date`} label="Date done" error={errors.done_on}>
          {(control) => <Input {...control} type="date" value={form.done_on} onChange={set('done_on')} />}
        </FormField>
        <FormField id={`${id}-title`} label="What was done" error={errors.title} className="sm:col-span-2">
          {(control) => (
            <Input {...control} value={form.title} onChange={set('title')} placeholder="Annual boiler service" />
          )}
        </FormField>
        <FormField id={`${id}-cost`} label="Cost (£, optional)" error={errors.cost_pence}>
          {(control) => <Input {...control} inputMode="decimal" value={form.cost} onChange={set('cost')} />}
        </FormField>
        <FormField id={`${id}-contractor`} label="Who did it (optional)" error={errors.contractor}>
          {(control) => <Input {...control} value={form.contractor} onChange={set('contractor')} />}
        </FormField>
        <FormField id={`${id}-receipt`} label="Receipt or certificate (optional)" error={errors.document_id}>
          {(control) => (
            <NativeSelect {...control} value={form.document_id} onChange={set('document_id')}>
              <option value="">None</option>
              {logbook.documents.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.filename}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-notes`} label="Notes (optional)" error={errors.notes} className="sm:col-span-2">
          {(control) => <Textarea {...control} rows={3} value={form.notes} onChange={set('notes')} />}
        </FormField>
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="w-fit" disabled={add.isPending}>
        {add.isPending ? 'Saving…' : 'Add to the record'}
      </Button>
    </form>
  )
}
