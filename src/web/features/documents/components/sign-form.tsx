import { MailWarning, PenLine } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { DeclineInput, type SignatureRequest, SignInput } from '#shared/contracts/signing.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { FieldError, FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { notify } from '#web/lib/toast.ts'
import { ResendVerificationButton } from '#web/components/resend-verification-button.tsx'
import { useSession } from '#web/lib/session/api.ts'
import { useDecline, useSign } from '../api'
import { SignaturePad } from './signature-pad'

type Method = 'typed' | 'drawn'

/**
 * The signer's part: review the document above, agree to sign electronically,
 * then sign by typing the name (the keyboard way) or drawing; or decline with a reason. Sends the
 * SHA-256 of the reviewed version, so a signature never lands on another version (409). An
 * unconfirmed email blocks signing on the server, so it is said first, before any work.
 */
export function SignForm({
  txId,
  request,
  defaultName,
}: {
  txId: string
  request: SignatureRequest
  defaultName: string
}) {
  const session = useSession()
  const sign = useSign(txId)
  const decline = useDecline(txId)
  const [consent, setConsent] = useState(false)
  const [method, setMethod] = useState<Method>('typed')
  const [typedName, setTypedName] = useState(defaultName)
  const [png, setPng] = useState<string | null>(null)
  const [declining, setDeclining] = useState(false)
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const busy = sign.isPending || decline.isPending

  const onSign = (event: FormEvent) => {
    event.preventDefault()
    const parsed = SignInput.safeParse({
      consent,
      method,
      typed_name: method === 'typed' ? typedName : undefined,
      signature_png: method === 'drawn' ? (png ?? undefined) : undefined,
      document_sha256: request.document_sha256,
    })
    if (!parsed.success) {
      const byField: Record<string, string> = {}
      for (const issue of parsed.error.issues) byField[String(issue.path[0] ?? 'method')] ??= issue.message
      setErrors(byField)
      return
    }
    setErrors({})
    sign.mutate(
      { reqId: request.id, input: parsed.data },
      {
        onSuccess: (res) =>
          notify.success(
            'You have signed',
            res.status === 'completed'
              ? 'Everyone has signed: the signed PDF with its certificate is the newest version.'
              : 'The others will be asked to sign.',
          ),
        onError: (err) => notify.error('Could not sign', err.message),
      },
    )
  }

  const onDecline = (event: FormEvent) => {
    event.preventDefault()
    const parsed = DeclineInput.safeParse({ reason })
    if (!parsed.success) {
      setErrors({ reason: parsed.error.issues[0]?.message })
      return
    }
    decline.mutate(
      { reqId: request.id, reason: parsed.data.reason },
      {
        onSuccess: () => notify.success('You declined to sign', 'The person who asked has been told why.'),
        onError: (err) => notify.error('Could not decline', err.message),
      },
    )
  }

  const user = session.data?.user
  if (user && !user.emailVerified)
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <p className="flex items-start gap-2">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Confirm your email before you sign: open the link we sent to{' '}
            <strong className="[overflow-wrap:anywhere]">{user.email}</strong>, then come back here. Signing needs a
            confirmed address so that nobody can sign in your name.
          </span>
        </p>
        <div>
          <ResendVerificationButton email={user.email} />
        </div>
      </div>
    )

  if (declining)
    return (
      <form noValidate onSubmit={onDecline} aria-label="Decline to sign" className="flex flex-col gap-3">
        <fieldset disabled={busy} className="flex flex-col gap-3">
          <FormField id="decline-reason" label="Why are you declining?" error={errors.reason}>
            {(f) => (
              <Textarea
                {...f}
                value={reason}
                maxLength={1000}
                placeholder="e.g. The completion date on page 2 is wrong"
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setDeclining(false)}>
              Back
            </Button>
            <Button type="submit" variant="destructive">
              {decline.isPending ? 'Declining…' : 'Decline to sign'}
            </Button>
          </div>
        </fieldset>
      </form>
    )

  return (
    <form noValidate onSubmit={onSign} aria-label="Sign this document" className="flex flex-col gap-4">
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <div className="flex items-start gap-3">
            <input
              id="sign-consent"
              type="checkbox"
              checked={consent}
              aria-invalid={!!errors.consent}
              aria-describedby={errors.consent ? 'sign-consent-error' : undefined}
              onChange={(e) => {
                setConsent(e.target.checked)
                setErrors((prev) => ({ ...prev, consent: undefined }))
              }}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
            />
            <label htmlFor="sign-consent" className="cursor-pointer text-sm">
              I have reviewed this document and agree to sign it electronically. My typed or drawn signature is meant as
              my signature.
            </label>
          </div>
          <FieldError id="sign-consent-error">{errors.consent}</FieldError>
        </div>
        <ChoiceGroup
          name="sign-method"
          legend="How do you want to sign?"
          value={method}
          onValueChange={(v) => setMethod(v as Method)}
          choices={[
            { value: 'typed', label: 'Type my name' },
            { value: 'drawn', label: 'Draw my signature' },
          ]}
        />
        {method === 'typed' ? (
          <FormField id="sign-typed-name" label="Your full name" error={errors.typed_name ?? errors.method}>
            {(f) => (
              <Input {...f} value={typedName} autoComplete="name" onChange={(e) => setTypedName(e.target.value)} />
            )}
          </FormField>
        ) : (
          <div className="flex flex-col gap-2">
            <p id="sign-drawn-label" className="text-sm font-medium">
              Your signature
            </p>
            <SignaturePad labelledBy="sign-drawn-label" onChange={setPng} />
            <FieldError>{errors.signature_png ?? errors.method}</FieldError>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setDeclining(true)}>
            Decline…
          </Button>
          <Button type="submit">
            <PenLine aria-hidden="true" />
            {sign.isPending ? 'Signing…' : 'Sign'}
          </Button>
        </div>
      </fieldset>
    </form>
  )
}
