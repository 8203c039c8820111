import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { DocumentStepInput, IdentityCheck, ImageUpload } from '#shared/contracts/verification.ts'
import { transactionPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { FindAddress } from '#web/components/find-address.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import {
  useAddressStep,
  useDocumentStep,
  useMyIdentity,
  useSelfieStep,
  useStartIdentity,
  useSubmitIdentity,
} from '../api'
import { photoToUpload } from '../photo-upload'
import { isSandboxProvider, SandboxBadge } from '#web/components/sandbox-badge.tsx'
import { AssuranceList } from './assurance-list'

/** Today in Europe/London (yyyy-mm-dd), to date the MRZ's centuries as the server does. */
const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
/** 'ANNA MARIA' as 'Anna Maria' (the MRZ has capitals only). */
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase())

type Step = 'document' | 'selfie' | 'address' | 'review'
const STEPS: Step[] = ['document', 'selfie', 'address', 'review']
const STEP_TITLES: Record<Step, string> = {
  document: 'Your passport or driving licence',
  selfie: 'A selfie',
  address: 'Your current address',
  review: 'Check and send',
}

/**
 * "Verify my identity" (/app/transactions/{txId}/identity), mobile first: a document (photo, with the
 * passport's MRZ read from it in the browser (mrz-ocr.ts) or typed, or the licence number typed; checked
 * on the server with their check digits), a selfie (the
 * front camera on phones), the current address, then send. Each step is saved as it is done, so the
 * person can leave and carry on later; a progress bar shows where they are. The result comes from
 * the identity provider within a minute; it says what was checked, and a failure says what to do next.
 * Starting again after a failure keeps the steps that passed, so only the failed one is redone.
 */
export function VerifyIdentityPage({
  txId,
  back,
}: {
  txId?: string
  /** Where "back" goes when not the move: a giftor's gift page (decision 037). */
  back?: { to: string; label: string }
}) {
  const mine = useMyIdentity()
  const backTo = back ?? { to: transactionPath(txId ?? ''), label: 'Back to the move' }
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <div>
        <Link className="text-sm underline" to={backTo.to}>
          {backTo.label}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">Verify my identity</h1>
          <SandboxBadge provider={mine.data?.provider_label} detail="no real identity check is made" />
        </div>
        <p className="text-muted-foreground">
          Your conveyancer must check who you are before acting for you (Money Laundering Regulations 2017). One check
          serves all your moves for a year.
        </p>
      </div>
      {mine.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading your identity check" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : mine.isError ? (
        <p role="alert" className="text-destructive">
          Your identity check could not be loaded: {mine.error.message}
        </p>
      ) : (
        <CheckBody back={backTo} check={mine.data.check} />
      )}
    </div>
  )
}

function CheckBody({ back, check }: { back: { to: string; label: string }; check: IdentityCheck | null }) {
  if (!check) return <StartCard />
  if (check.status === 'processing') {
    return (
      <StatusCard icon={<Spinner />} title="Checking your identity" role="status">
        The identity provider is checking your document and selfie. This usually takes under a minute; you can leave
        this page.
      </StatusCard>
    )
  }
  if (check.status === 'verified') {
    return (
      <StatusCard
        icon={<CheckCircle2 aria-hidden="true" className="size-6 text-primary" />}
        title="Your identity is verified"
        role="status"
      >
        <p>
          Verified{check.expires_at ? `, valid until ${formatUkDate(check.expires_at)}` : ''}. Your conveyancer can see
          the result; the other side of the move cannot.
        </p>
        <div className="mt-3 text-foreground">
          <AssuranceList assurance={check.assurance} />
        </div>
        <Button asChild className="mt-3 w-full sm:w-auto">
          <Link to={back.to}>{back.label}</Link>
        </Button>
      </StatusCard>
    )
  }
  if (check.status === 'failed' || check.status === 'needs_review') {
    return (
      <div className="flex flex-col gap-4">
        <StatusCard
          icon={<XCircle aria-hidden="true" className="size-6 text-destructive" />}
          title={
            check.status === 'failed'
              ? 'We could not verify your identity'
              : check.review_outcome === 'new_check_requested'
                ? 'Your conveyancer asks for a new check'
                : check.review_outcome === 'accepted'
                  ? 'Your conveyancer accepted your check'
                  : check.review_outcome === 'rejected'
                    ? 'Your conveyancer could not accept your check'
                    : 'Your check is being reviewed'
          }
          role="alert"
        >
          {check.failure_reason && <p>{check.failure_reason}</p>}
          {check.next_step && (
            <p className="mt-2">
              <strong>What to do next:</strong> {check.next_step}
            </p>
          )}
        </StatusCard>
        {(check.status === 'failed' || check.review_outcome === 'new_check_requested') && (
          <StartCard again keeps={check.retry_keeps} />
        )}
      </div>
    )
  }
  return <Steps check={check} />
}

function StatusCard({
  icon,
  title,
  role,
  children,
}: {
  icon: ReactNode
  title: string
  role: 'status' | 'alert'
  children: ReactNode
}) {
  return (
    <section role={role} className="flex gap-3 rounded-xl border bg-background p-5 shadow-sm">
      <div className="shrink-0">{icon}</div>
      <div className="flex min-w-0 flex-col text-sm">
        <h2 className="text-lg font-semibold">{title}</h2>
        <div className="text-muted-foreground">{children}</div>
      </div>
    </section>
  )
}

const KEPT_WORDS: Record<'document' | 'selfie' | 'address', string> = {
  document: 'your document',
  selfie: 'your selfie',
  address: 'your address',
}

function StartCard({ again = false, keeps = [] }: { again?: boolean; keeps?: IdentityCheck['retry_keeps'] }) {
  const start = useStartIdentity()
  const redo = (['document', 'selfie'] as const).filter((s) => !keeps.includes(s))
  return (
    <section className="flex flex-col gap-3 rounded-xl border bg-background p-5 shadow-sm">
      <div className="flex items-center gap-2">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        <h2 className="text-lg font-semibold">{again ? 'Try again' : 'About 5 minutes'}</h2>
      </div>
      {again && keeps.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          We keep {keeps.map((k) => KEPT_WORDS[k]).join(' and ')} from this check: you only redo{' '}
          {redo.map((k) => KEPT_WORDS[k]).join(' and ')}.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          You will need your passport or photocard driving licence, your phone&apos;s camera (or photos on your
          computer) and your current address.
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-destructive">
          {start.error.message}
        </p>
      )}
      <Button className="w-full sm:w-auto" disabled={start.isPending} onClick={() => start.mutate(undefined)}>
        {!again ? 'Start' : keeps.includes('document') ? 'Retake the selfie' : 'Start again'}
      </Button>
    </section>
  )
}

function firstOpenStep(check: IdentityCheck): Step {
  if (!check.steps.document) return 'document'
  if (!check.steps.selfie) return 'selfie'
  if (!check.steps.address) return 'address'
  return 'review'
}

function Steps({ check }: { check: IdentityCheck }) {
  const [chosen, setChosen] = useState<Step | null>(null)
  const step = chosen ?? firstOpenStep(check)
  const index = STEPS.indexOf(step)
  const done = Object.values(check.steps).filter(Boolean).length
  const next = () => setChosen(null)
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium" aria-live="polite">
          Step {index + 1} of {STEPS.length}: {STEP_TITLES[step]}
        </p>
        <Progress value={(done / 3) * 100} aria-label={`${done} of 3 steps done`} />
        <ol className="flex flex-wrap gap-2 text-xs">
          {STEPS.slice(0, 3).map((s) => (
            <li key={s}>
              <button
                type="button"
                className="rounded-full border px-3 py-1 underline-offset-2 hover:underline aria-[current=step]:bg-primary aria-[current=step]:text-primary-foreground"
                aria-current={s === step ? 'step' : undefined}
                onClick={() => setChosen(s)}
              >
                {check.steps[s as 'document' | 'selfie' | 'address'] ? '✓ ' : ''}
                {STEP_TITLES[s]}
              </button>
            </li>
          ))}
        </ol>
      </div>
      {step === 'document' && <DocumentStep check={check} onDone={next} />}
      {step === 'selfie' && <SelfieStep check={check} onDone={next} />}
      {step === 'address' && <AddressStep check={check} onDone={next} />}
      {step === 'review' && <ReviewStep check={check} />}
    </div>
  )
}

function errorOf(err: unknown, field?: string): { field?: string; form?: string } {
  if (!err) return {}
  if (err instanceof ApiError && field && err.fields) {
    const key = Object.keys(err.fields).find((k) => k === field || k.endsWith(`.${field}`))
    if (key) return { field: err.fields[key]?.[0] }
  }
  return { form: (err as Error).message }
}

function PhotoField({
  id,
  label,
  hint,
  capture,
  onPhoto,
  onFile,
  error,
}: {
  id: string
  label: string
  hint: string
  capture: 'user' | 'environment'
  onPhoto: (photo: ImageUpload | null) => void
  /** The file as chosen, before it is scaled down for sending (the MRZ is read from it). */
  onFile?: (file: File) => void
  error?: string
}) {
  const [local, setLocal] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  return (
    <FormField id={id} label={label} hint={hint} error={local ?? error}>
      {(control) => (
        <div className="flex flex-col gap-1">
          <input
            {...control}
            type="file"
            accept="image/*"
            capture={capture}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-2 file:font-medium"
            onChange={async (e) => {
              const file = e.target.files?.[0]
              setLocal(undefined)
              onPhoto(null)
              if (!file) return
              onFile?.(file)
              setBusy(true)
              try {
                onPhoto(await photoToUpload(file))
              } catch (err) {
                setLocal((err as Error).message)
              } finally {
                setBusy(false)
              }
            }}
          />
          {busy && <p className="text-xs text-muted-foreground">Preparing the photo…</p>}
        </div>
      )}
    </FormField>
  )
}

function DocumentStep({ check, onDone }: { check: IdentityCheck; onDone: () => void }) {
  const id = useId()
  const save = useDocumentStep(check.id)
  const [type, setType] = useState<'passport' | 'driving_licence'>(check.document_type ?? 'passport')
  const [surname, setSurname] = useState('')
  const [givenNames, setGivenNames] = useState('')
  const [mrz, setMrz] = useState('')
  const [licence, setLicence] = useState('')
  const [dob, setDob] = useState('')
  const [expiry, setExpiry] = useState('')
  const [photo, setPhoto] = useState<ImageUpload | null>(null)
  const [missing, setMissing] = useState<string | undefined>()
  const [reading, setReading] = useState<'idle' | 'reading' | 'read' | 'unreadable'>('idle')
  const mrzError = errorOf(save.error, 'mrz_line').field
  const licenceError = errorOf(save.error, 'licence_number').field
  const formError = mrzError || licenceError ? undefined : errorOf(save.error).form

  /** Reads the MRZ from a passport photo; typing stays possible whatever happens. */
  async function readMrz(file: File) {
    if (type !== 'passport') return
    setReading('reading')
    try {
      const { readPassportMrz } = await import('../mrz-ocr')
      const found = await readPassportMrz(file, londonToday())
      if (!found) return setReading('unreadable')
      setMrz(found.line2)
      if (found.names && !surname.trim()) setSurname(titleCase(found.names.surname))
      if (found.names && !givenNames.trim()) setGivenNames(titleCase(found.names.givenNames))
      setReading('read')
    } catch {
      setReading('unreadable')
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!photo) {
      setMissing('Add a photo of the document')
      return
    }
    setMissing(undefined)
    const base = { surname, given_names: givenNames, image: photo }
    const input: DocumentStepInput =
      type === 'passport'
        ? { document_type: 'passport', ...base, mrz_line: mrz }
        : {
            document_type: 'driving_licence',
            ...base,
            licence_number: licence,
            date_of_birth: dob,
            expiry_date: expiry,
          }
    save.mutate(input, { onSuccess: onDone })
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm" noValidate>
      <h2 className="text-lg font-semibold">{STEP_TITLES.document}</h2>
      {check.steps.document && <p className="text-sm text-muted-foreground">Saved. Send it again to replace it.</p>}
      <ChoiceGroup
        name={`${id}-type`}
        legend="Document"
        value={type}
        onValueChange={(v) => setType(v as 'passport' | 'driving_licence')}
        choices={[
          { value: 'passport', label: 'Passport' },
          { value: 'driving_licence', label: 'UK photocard driving licence' },
        ]}
      />
      <PhotoField
        id={`${id}-photo`}
        label="Photo of the document"
        hint={
          type === 'passport'
            ? 'The whole photo page, flat, in good light, with no glare: we read the machine readable zone from it on this device.'
            : 'The whole card, flat, in good light, with no glare.'
        }
        capture="environment"
        onPhoto={setPhoto}
        onFile={(file) => void readMrz(file)}
        error={missing}
      />
      {type === 'passport' && reading !== 'idle' && (
        <p className="text-sm" role="status" data-testid="mrz-read">
          {reading === 'reading'
            ? 'Reading the machine readable zone from the photo…'
            : reading === 'read'
              ? 'Read from the photo, with every check digit right. Check the names and the line against your passport.'
              : 'We could not read the machine readable zone from this photo. Type its lower line instead, or take a sharper photo.'}
        </p>
      )}
      <FormField id={`${id}-surname`} label="Surname, as on the document">
        {(c) => (
          <Input {...c} autoComplete="family-name" value={surname} onChange={(e) => setSurname(e.target.value)} />
        )}
      </FormField>
      <FormField id={`${id}-given`} label="Given names, as on the document">
        {(c) => (
          <Input {...c} autoComplete="given-name" value={givenNames} onChange={(e) => setGivenNames(e.target.value)} />
        )}
      </FormField>
      {type === 'passport' ? (
        <FormField
          id={`${id}-mrz`}
          label="The lower line of the machine readable zone"
          hint="Filled in from the photo when it can be read; otherwise type it: at the foot of the photo page, the second of the two lines of capitals, digits and < signs (44 characters)."
          error={mrzError}
        >
          {(c) => (
            <Input
              {...c}
              className="font-mono uppercase"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              value={mrz}
              onChange={(e) => setMrz(e.target.value)}
            />
          )}
        </FormField>
      ) : (
        <>
          <FormField id={`${id}-dob`} label="Date of birth">
            {(c) => (
              <Input {...c} type="date" autoComplete="bday" value={dob} onChange={(e) => setDob(e.target.value)} />
            )}
          </FormField>
          <FormField
            id={`${id}-licence`}
            label="Driving licence number"
            hint="Field 5 on the photocard: 16 characters."
            error={licenceError}
          >
            {(c) => (
              <Input
                {...c}
                className="font-mono uppercase"
                autoCapitalize="characters"
                spellCheck={false}
                value={licence}
                onChange={(e) => setLicence(e.target.value)}
              />
            )}
          </FormField>
          <FormField id={`${id}-expiry`} label="Valid until" hint="Field 4b on the photocard.">
            {(c) => <Input {...c} type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />}
          </FormField>
        </>
      )}
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save and continue'}
      </Button>
    </form>
  )
}

function SelfieStep({ check, onDone }: { check: IdentityCheck; onDone: () => void }) {
  const id = useId()
  const save = useSelfieStep(check.id)
  const [photo, setPhoto] = useState<ImageUpload | null>(null)
  const [missing, setMissing] = useState<string | undefined>()
  return (
    <form
      noValidate
      className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault()
        if (!photo) return setMissing('Take or choose a selfie')
        setMissing(undefined)
        save.mutate({ image: photo }, { onSuccess: onDone })
      }}
    >
      <h2 className="text-lg font-semibold">{STEP_TITLES.selfie}</h2>
      {check.steps.selfie && <p className="text-sm text-muted-foreground">Saved. Send another to replace it.</p>}
      <PhotoField
        id={`${id}-selfie`}
        label="Selfie"
        hint="Face the camera in good light, without glasses, hat or mask. On a phone this opens the front camera."
        capture="user"
        onPhoto={setPhoto}
        error={missing}
      />
      {save.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {save.error.message}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save and continue'}
      </Button>
    </form>
  )
}

function AddressStep({ check, onDone }: { check: IdentityCheck; onDone: () => void }) {
  const id = useId()
  const save = useAddressStep(check.id)
  const [line1, setLine1] = useState('')
  const [line2, setLine2] = useState('')
  const [town, setTown] = useState('')
  const [postcode, setPostcode] = useState('')
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {}
  return (
    <form
      noValidate
      className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate({ line1, line2, town, postcode }, { onSuccess: onDone })
      }}
    >
      <h2 className="text-lg font-semibold">{STEP_TITLES.address}</h2>
      {check.steps.address && <p className="text-sm text-muted-foreground">Saved. Send it again to change it.</p>}
      <FindAddress
        idPrefix={`${id}-find`}
        onPick={(a) => {
          setLine1(a.lines[0] ?? '')
          setLine2(a.lines.slice(1).join(', '))
          setTown(a.town)
          setPostcode(a.postcode)
        }}
      />
      <FormField id={`${id}-l1`} label="Address line 1" error={fields.line1?.[0]}>
        {(c) => <Input {...c} autoComplete="address-line1" value={line1} onChange={(e) => setLine1(e.target.value)} />}
      </FormField>
      <FormField id={`${id}-l2`} label="Address line 2 (optional)" error={fields.line2?.[0]}>
        {(c) => <Input {...c} autoComplete="address-line2" value={line2} onChange={(e) => setLine2(e.target.value)} />}
      </FormField>
      <FormField id={`${id}-town`} label="Town or city" error={fields.town?.[0]}>
        {(c) => <Input {...c} autoComplete="address-level2" value={town} onChange={(e) => setTown(e.target.value)} />}
      </FormField>
      <FormField id={`${id}-pc`} label="Postcode" error={fields.postcode?.[0]}>
        {(c) => (
          <Input
            {...c}
            autoComplete="postal-code"
            autoCapitalize="characters"
            className="max-w-40 uppercase"
            value={postcode}
            onChange={(e) => setPostcode(e.target.value)}
          />
        )}
      </FormField>
      {save.isError && !Object.keys(fields).length && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {save.error.message}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save and continue'}
      </Button>
    </form>
  )
}

function ReviewStep({ check }: { check: IdentityCheck }) {
  const submit = useSubmitIdentity(check.id)
  return (
    <section className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{STEP_TITLES.review}</h2>
      <ul className="flex flex-col gap-1 text-sm">
        <li>
          ✓ {check.document_type === 'driving_licence' ? 'Driving licence' : 'Passport'}
          {check.document_expires_on ? `, valid until ${formatUkDate(check.document_expires_on)}` : ''}
        </li>
        <li>✓ Selfie</li>
        <li>✓ Current address</li>
      </ul>
      <p className="text-sm text-muted-foreground">
        We send these to{' '}
        {isSandboxProvider(check.provider_label)
          ? 'the sandbox identity provider (no real check)'
          : 'our certified identity provider'}
        . Your photos are stored encrypted and seen only by you and your conveyancer.
      </p>
      {submit.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {submit.error.message}
        </p>
      )}
      <Button className="w-full sm:w-auto" disabled={submit.isPending} onClick={() => submit.mutate(undefined)}>
        {submit.isPending ? 'Sending…' : 'Send for checking'}
      </Button>
    </section>
  )
}
