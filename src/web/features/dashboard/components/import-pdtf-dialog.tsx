import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { PDTF_IMPORT_MAX_BYTES, pdtfEndpoints, type ImportPdtfInput, type PdtfPreview } from '#shared/contracts/pdtf.ts'
import { transactionPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { callApi } from '#web/lib/api-client.ts'
import { formatGbp, formatUkDateTime } from '#web/lib/formatters.ts'
import { DASHBOARD_QUERY_KEY } from '#web/lib/query-keys.ts'
import { notify } from '#web/lib/toast.ts'

type Role = 'buyer' | 'seller'
type Tenure = 'freehold' | 'leasehold'

/** Reads a chosen file as one JSON object, or says what is wrong with it. */
async function readPack(file: File): Promise<{ pack: Record<string, unknown> } | { error: string }> {
  if (file.size > PDTF_IMPORT_MAX_BYTES) {
    return { error: `This file is ${(file.size / 1_000_000).toFixed(1)} MB: a property pack can be at most 1 MB.` }
  }
  let value: unknown
  try {
    value = JSON.parse(await file.text())
  } catch {
    return { error: 'This file is not JSON. Choose the .json file of a PDTF property pack.' }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'This file is JSON but not one object: a PDTF property pack is a single transaction object.' }
  }
  return { pack: value as Record<string, unknown> }
}

/**
 * Starts a move from a PDTF v3 property pack (a .json file exported by Homeward or another PDTF
 * system). Choosing the file checks it (the preview endpoint) and shows what it brings: the address,
 * the seller's forms, the warnings (a time without a time zone read as UK time...) and the pack's
 * marketing price, which is never the agreed price: the agreed price is always asked (issue 39). Then
 * the viewer's role, the tenure when the pack lacks it, and the import. Errors are listed in words.
 */
export function ImportPdtfDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const errorsId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string>()
  const [role, setRole] = useState<Role | ''>('')
  const [roleError, setRoleError] = useState<string>()
  const [tenure, setTenure] = useState<Tenure | ''>('')
  const [price, setPrice] = useState('')
  const [priceError, setPriceError] = useState<string>()
  const [problems, setProblems] = useState<{ message: string; list: string[] } | null>(null)
  const [preview, setPreview] = useState<PdtfPreview | null>(null)
  const summaryId = useId()

  const previewPack = useMutation({
    mutationFn: (pack: Record<string, unknown>) => callApi(pdtfEndpoints.previewPdtf, { body: { pack } }),
  })

  /** Reads and checks the chosen file at once, so the dialog can show what it brings before the import. */
  const choose = async (chosen: File | null) => {
    setFile(chosen)
    setFileError(undefined)
    setProblems(null)
    setPreview(null)
    if (!chosen) return
    const read = await readPack(chosen)
    if ('error' in read) return setFileError(read.error)
    try {
      setPreview(await previewPack.mutateAsync(read.pack))
    } catch (err) {
      const list = err instanceof ApiError ? Object.values(err.fields ?? {}).flat() : []
      setProblems({ message: (err as Error).message, list })
    }
  }

  const importPack = useMutation({
    mutationFn: (body: ImportPdtfInput) => callApi(pdtfEndpoints.importPdtf, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
  })

  const reset = () => {
    setFile(null)
    setFileError(undefined)
    setRole('')
    setRoleError(undefined)
    setTenure('')
    setPrice('')
    setPriceError(undefined)
    setProblems(null)
    setPreview(null)
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setProblems(null)
    const amount = price.trim() ? Number(price.replace(/[£,\s]/g, '')) : undefined
    const badPrice = amount === undefined || !(Number.isFinite(amount) && amount > 0)
    setPriceError(badPrice ? 'Enter the agreed price in pounds, such as 425000' : undefined)
    setRoleError(role ? undefined : 'Choose whether you are buying or selling')
    if (!file) setFileError('Choose the PDTF property pack (.json) to import')
    if (!file || !role || badPrice) return
    const read = await readPack(file)
    if ('error' in read) {
      setFileError(read.error)
      return
    }
    setFileError(undefined)
    try {
      const { id, warnings } = await importPack.mutateAsync({
        role,
        pack: read.pack,
        ...(tenure ? { tenure } : {}),
        agreed_price: amount,
      })
      notify.success(
        'Property pack imported',
        `The move is ready with the pack’s property data${warnings.length ? ` (${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}, shown before the import)` : ''}. Invite the other side from People.`,
      )
      onOpenChange(false)
      reset()
      navigate(transactionPath(id))
    } catch (err) {
      const list = err instanceof ApiError ? Object.values(err.fields ?? {}).flat() : []
      setProblems({ message: (err as Error).message, list })
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (importPack.isPending) return
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <div className="pr-8">
          <DialogTitle>Import a property pack</DialogTitle>
          <DialogDescription className="mt-1">
            Start a move from a PDTF property pack (a .json file from Homeward or another system that uses the Property
            Data Trust Framework). We check it against the PDTF v3 schema and take the address, UPRN, tenure, title
            number and the seller's TA6 and TA10 answers from it. The agreed price is yours to enter.
          </DialogDescription>
        </div>
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Import a property pack">
          <fieldset disabled={importPack.isPending} className="flex flex-col gap-4">
            <FormField
              id="pdtf-file"
              label="Property pack file"
              hint="A PDTF v3 transaction, JSON, at most 1 MB."
              error={fileError}
            >
              {(f) => (
                <Input
                  {...f}
                  type="file"
                  accept=".json,application/json"
                  onChange={(e) => void choose(e.target.files?.[0] ?? null)}
                />
              )}
            </FormField>
            {previewPack.isPending && <p role="status">Checking the pack…</p>}
            {preview && <PackSummary id={summaryId} preview={preview} />}
            <ChoiceGroup
              name="pdtf-role"
              legend="Your role in this move"
              error={roleError}
              value={role}
              onValueChange={(v) => setRole(v as Role)}
              choices={[
                { value: 'buyer', label: 'Buyer' },
                { value: 'seller', label: 'Seller' },
              ]}
            />
            {!preview?.tenure && (
              <ChoiceGroup
                name="pdtf-tenure"
                legend="Tenure (the pack does not give it)"
                value={tenure}
                onValueChange={(v) => setTenure(v as Tenure)}
                choices={[
                  { value: 'freehold', label: 'Freehold' },
                  { value: 'leasehold', label: 'Leasehold' },
                ]}
              />
            )}
            <FormField
              id="pdtf-price"
              label="Agreed price (£)"
              hint={
                preview?.marketing_price
                  ? `The pack's ${priceWords(preview.marketing_price)} is a marketing price: enter the price the buyer and seller agreed.`
                  : 'The price the buyer and seller agreed.'
              }
              error={priceError}
            >
              {(f) => (
                <Input
                  {...f}
                  inputMode="decimal"
                  placeholder="e.g. 425000"
                  value={price}
                  onChange={(e) => setPrice(e.target.value)}
                />
              )}
            </FormField>
            {problems && (
              <div
                role="alert"
                aria-labelledby={errorsId}
                className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm"
              >
                <p id={errorsId} className="font-semibold text-destructive">
                  {problems.message}
                </p>
                {problems.list.length > 1 && (
                  <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
                    {problems.list.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">{importPack.isPending ? 'Importing…' : 'Import property pack'}</Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** "Offers over £1,260,000": a pack's marketing price with its qualifier. */
function priceWords(price: NonNullable<PdtfPreview['marketing_price']>): string {
  const amount = formatGbp(price.amount, { whole: Number.isInteger(price.amount) })
  return price.qualifier ? `price (${price.qualifier} ${amount})` : `price (${amount})`
}

/** What the checked pack brings: its address, marketing price, the seller's forms and the warnings. */
function PackSummary({ id, preview }: { id: string; preview: PdtfPreview }) {
  return (
    <section aria-labelledby={id} className="rounded-md border bg-muted/40 p-3 text-sm">
      <h3 id={id} className="font-semibold">
        What this pack brings
      </h3>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">Address</dt>
        <dd className="break-words">{preview.address}</dd>
        {preview.tenure && (
          <>
            <dt className="text-muted-foreground">Tenure</dt>
            <dd>{preview.tenure === 'freehold' ? 'Freehold' : 'Leasehold'}</dd>
          </>
        )}
        {preview.title_number && (
          <>
            <dt className="text-muted-foreground">Title number</dt>
            <dd>{preview.title_number}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Marketing price</dt>
        <dd>
          {preview.marketing_price
            ? `${preview.marketing_price.qualifier ? `${preview.marketing_price.qualifier} ` : ''}${formatGbp(preview.marketing_price.amount, { whole: Number.isInteger(preview.marketing_price.amount) })} (not the agreed price)`
            : 'None given'}
        </dd>
        <dt className="text-muted-foreground">Seller&apos;s forms</dt>
        <dd>
          {preview.forms.length
            ? preview.forms
                .map((f) =>
                  f.signed
                    ? `${f.title}: signed by ${f.signed.name} on ${formatUkDateTime(f.signed.at)}`
                    : `${f.title}: answers, not signed`,
                )
                .join('; ')
            : 'None'}
        </dd>
      </dl>
      {preview.warnings.length > 0 && (
        <div className="mt-3">
          <p className="font-medium">
            {preview.warnings.length} {preview.warnings.length === 1 ? 'warning' : 'warnings'}: the pack can still be
            imported
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5 break-words" aria-label="Warnings">
            {preview.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
