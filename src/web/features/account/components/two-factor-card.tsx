import { zodResolver } from '@hookform/resolvers/zod'
import { Copy, Download, ShieldCheck } from 'lucide-react'
import { useMemo, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { renderSVG } from 'uqr'
import { z } from 'zod'
import { TotpCode, TwoFactorPasswordInput } from '#shared/contracts/two-factor.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { TotpCodeInput } from '#web/components/ui/totp-code-input.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { useRequestPasswordReset } from '#web/lib/session/emailed-links.ts'
import { signInHref } from '#web/lib/session/next-path.ts'
import { useSignOut } from '#web/lib/session/use-sign-out.ts'
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateBackupCodes,
  useTwoFactorStatus,
} from '../two-factor-api'
import { PAGE_PATHS } from '#shared/paths.ts'

type Action = 'enable' | 'disable' | 'regenerate'
type Phase =
  | { name: 'idle' }
  | { name: 'password'; action: Action }
  | { name: 'scan'; totpURI: string; backupCodes: string[] }
  | { name: 'codes'; backupCodes: string[]; fresh: boolean }

const ConfirmCodeInput = z.object({ code: TotpCode })

/**
 * Two-factor authentication: turn on with the current password, scan the QR code
 * (or type the key), confirm with a 6-digit code, then save the 10 backup codes shown once. When on:
 * make new backup codes or turn it off, each after the password. A session older than a day is asked
 * to sign in again first (ASVS 7.5.1), as for the password. An account made with a provider has no
 * password: it is offered 'Set a password first', the emailed reset link.
 */
export function TwoFactorCard({ email }: { email: string }) {
  const status = useTwoFactorStatus()
  const [phase, setPhase] = useState<Phase>({ name: 'idle' })
  const [stale, setStale] = useState(false)
  const reauthenticate = useSignOut({ redirectTo: signInHref(PAGE_PATHS.settings) })
  const mustSignInAgain = stale || status.data?.signedInRecently === false
  const idle = () => setPhase({ name: 'idle' })

  let body: ReactNode
  if (status.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading two-factor authentication">
        <Skeleton className="h-10 w-full" />
      </div>
    )
  } else if (status.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>{status.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (phase.name === 'scan') {
    body = (
      <ScanStep
        totpURI={phase.totpURI}
        onCancel={idle}
        onConfirmed={() => setPhase({ name: 'codes', backupCodes: phase.backupCodes, fresh: true })}
      />
    )
  } else if (phase.name === 'codes') {
    body = <BackupCodes codes={phase.backupCodes} fresh={phase.fresh} onDone={idle} />
  } else if (mustSignInAgain && phase.name !== 'idle') {
    body = (
      <div role="status" className="flex flex-col items-start gap-3 rounded-lg border bg-surface p-4 text-sm">
        <p>
          For your security, sign in again before changing two-factor authentication: you signed in more than a day ago.
        </p>
        <Button variant="outline" onClick={() => reauthenticate.mutate()} disabled={reauthenticate.isPending}>
          Sign in again
        </Button>
      </div>
    )
  } else if (phase.name === 'password') {
    body = (
      <PasswordStep
        action={phase.action}
        onCancel={idle}
        onStale={() => setStale(true)}
        onEnabled={(r) => setPhase({ name: 'scan', ...r })}
        onRegenerated={(codes) => setPhase({ name: 'codes', backupCodes: codes, fresh: false })}
        onDisabled={idle}
      />
    )
  } else if (status.data.enabled) {
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" className="size-3.5" /> On
          </Badge>
          You are asked for a code from your authenticator app each time you sign in.{' '}
          {status.data.backupCodesRemaining === 1
            ? '1 backup code left.'
            : `${status.data.backupCodesRemaining} backup codes left.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setPhase({ name: 'password', action: 'regenerate' })}>
            Make new backup codes
          </Button>
          <Button variant="outline" onClick={() => setPhase({ name: 'password', action: 'disable' })}>
            Turn off
          </Button>
        </div>
      </div>
    )
  } else if (!status.data.hasPassword) {
    body = <SetPasswordFirst email={email} />
  } else {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm">
          Off. Turn it on to be asked, after your password or emailed code, for a 6-digit code from an authenticator app
          such as Google Authenticator, Microsoft Authenticator or 1Password.
        </p>
        <Button onClick={() => setPhase({ name: 'password', action: 'enable' })}>
          Turn on two-factor authentication
        </Button>
      </div>
    )
  }

  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle as="h2" id="two-factor-title">
          Two-factor authentication
        </CardTitle>
        <CardDescription>A second step when you sign in, so a stolen password is not enough.</CardDescription>
      </CardHeader>
      {body}
    </Card>
  )
}

/**
 * Off, on an account without a password (made with a provider): the password confirms each change, so it
 * is set first through the emailed link (valid 1 hour; it ends every session, so sign in again after).
 */
function SetPasswordFirst({ email }: { email: string }) {
  const send = useRequestPasswordReset()
  if (send.isSuccess) {
    return (
      <p role="status" className="rounded-lg border bg-surface p-4 text-sm break-words">
        We sent a link to <strong>{email}</strong>. Open it to choose a password (it works for 1 hour), sign in again,
        then come back here to turn on two-factor authentication.
      </p>
    )
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm">
        Off. Two-factor authentication asks for your password when you turn it on or off, and your account has none yet:
        you sign in with a provider or an emailed code. Set a password first.
      </p>
      {send.isError && (
        <p role="alert" className="text-sm text-destructive">
          {send.error.message}
        </p>
      )}
      <Button onClick={() => send.mutate(email)} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Email me a link to set a password'}
      </Button>
    </div>
  )
}

const PASSWORD_TEXT: Record<Action, { intro: string; submit: string; pending: string }> = {
  enable: {
    intro: 'Enter your password to set up two-factor authentication.',
    submit: 'Continue',
    pending: 'Checking…',
  },
  regenerate: {
    intro: 'Enter your password to make 10 new backup codes. Your current backup codes will stop working.',
    submit: 'Make new backup codes',
    pending: 'Making codes…',
  },
  disable: {
    intro:
      'Turning it off means only your password or an emailed code protects your account. Enter your password to confirm.',
    submit: 'Turn off two-factor authentication',
    pending: 'Turning off…',
  },
}

function PasswordStep({
  action,
  onCancel,
  onStale,
  onEnabled,
  onRegenerated,
  onDisabled,
}: {
  action: Action
  onCancel: () => void
  onStale: () => void
  onEnabled: (r: { totpURI: string; backupCodes: string[] }) => void
  onRegenerated: (codes: string[]) => void
  onDisabled: () => void
}) {
  const enable = useEnableTwoFactor()
  const disable = useDisableTwoFactor()
  const regenerate = useRegenerateBackupCodes()
  const pending = enable.isPending || disable.isPending || regenerate.isPending
  const form = useForm<TwoFactorPasswordInput>({
    resolver: zodResolver(TwoFactorPasswordInput),
    defaultValues: { password: '' },
  })
  const text = PASSWORD_TEXT[action]

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      if (action === 'enable') onEnabled(await enable.mutateAsync(password))
      if (action === 'regenerate') {
        onRegenerated((await regenerate.mutateAsync(password)).backupCodes)
        notify.success('New backup codes made', 'Your previous backup codes no longer work.')
      }
      if (action === 'disable') {
        await disable.mutateAsync(password)
        notify.success('Two-factor authentication is off')
        onDisabled()
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) return onStale()
      const message = err instanceof Error ? err.message : 'Something went wrong. Try again.'
      form.setError('password', { type: 'server', message }, { shouldFocus: true })
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label={text.submit}>
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <p className="text-sm">{text.intro}</p>
        <FormField id="two-factor-password" label="Current password" error={form.formState.errors.password?.message}>
          {(field) => (
            <Input
              {...field}
              type="password"
              autoComplete="current-password"
              // The step opens when the person picks an action: the caret goes where they must type next.
              // eslint-disable-next-line jsx-a11y-x/no-autofocus
              autoFocus
              {...form.register('password')}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant={action === 'disable' ? 'destructive' : 'default'}>
            {pending ? text.pending : text.submit}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  )
}

/** The key of an otpauth:// URI in groups of four, as authenticator apps ask for it. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''
  return secret.replace(/(.{4})/g, '$1 ').trim()
}

function ScanStep({
  totpURI,
  onCancel,
  onConfirmed,
}: {
  totpURI: string
  onCancel: () => void
  onConfirmed: () => void
}) {
  const confirm = useConfirmTwoFactor()
  const qr = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(totpURI))}`, [totpURI])
  const form = useForm<z.input<typeof ConfirmCodeInput>, unknown, z.output<typeof ConfirmCodeInput>>({
    resolver: zodResolver(ConfirmCodeInput),
    defaultValues: { code: '' },
  })
  const onSubmit = form.handleSubmit(({ code }) =>
    confirm.mutateAsync(code).then(
      () => {
        notify.success('Two-factor authentication is on', 'Save your backup codes now.')
        onConfirmed()
      },
      (err: Error) => form.setError('code', { type: 'server', message: err.message }, { shouldFocus: true }),
    ),
  )
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Set up your authenticator app">
      <fieldset disabled={confirm.isPending} className="flex flex-col gap-4">
        <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
          <li>
            <p>Scan this QR code with your authenticator app.</p>
            <img
              src={qr}
              alt="QR code for your authenticator app. If you cannot scan it, enter the setup key below."
              width={192}
              height={192}
              className="mt-2 size-48 rounded-lg border bg-white p-2"
            />
            <p className="mt-2">Or enter this setup key in the app (time-based, 6 digits):</p>
            <code
              id="two-factor-secret"
              aria-label="Setup key"
              className="mt-1 block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
            >
              {secretOf(totpURI)}
            </code>
          </li>
          <li>
            <FormField
              id="two-factor-confirm-code"
              label="Enter the 6-digit code the app shows"
              error={form.formState.errors.code?.message}
            >
              {(field) => <TotpCodeInput {...field} className="max-w-40" {...form.register('code')} />}
            </FormField>
          </li>
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{confirm.isPending ? 'Checking…' : 'Confirm and turn on'}</Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  )
}

function BackupCodes({ codes, fresh, onDone }: { codes: string[]; fresh: boolean; onDone: () => void }) {
  const text = `Homeward backup codes. Each works once, instead of a code from your authenticator app.\n\n${codes.join('\n')}\n`
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, [text])
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => notify.success('Backup codes copied'),
      () => notify.error('Could not copy', 'Select the codes and copy them, or download them instead.'),
    )
  return (
    <section aria-labelledby="backup-codes-title" className="flex flex-col gap-4">
      <div role="status" className="rounded-lg border border-primary/30 bg-primary-soft/60 p-3 text-sm">
        <h3 id="backup-codes-title" className="font-semibold">
          {fresh ? 'Save your backup codes' : 'Your new backup codes'}
        </h3>
        <p>
          If you lose your phone, each code signs you in once instead of an app code. They are shown only now: copy or
          download them and keep them somewhere safe.
        </p>
      </div>
      <ol aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-muted px-3 py-2 text-center">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> Copy codes
        </Button>
        <Button asChild variant="outline">
          <a href={href} download="homeward-backup-codes.txt">
            <Download aria-hidden="true" /> Download
          </a>
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved my backup codes
        </Button>
      </div>
    </section>
  )
}
