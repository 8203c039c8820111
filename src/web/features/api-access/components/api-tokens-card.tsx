import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { CreateApiTokenInput, type ApiToken } from '#shared/contracts/api-access.ts'
import { API_SCOPE_LABELS, API_SCOPES, TOKEN_EXPIRY_CHOICES } from '#shared/domain/api-access.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FieldError, FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api'
import { SecretReveal } from './secret-reveal'

const FormSchema = CreateApiTokenInput.omit({ firm_id: true, expires_in_days: true }).extend({
  expires: z.string(),
})
type FormInput = z.input<typeof FormSchema>
type FormOutput = z.output<typeof FormSchema>
const FIELDS = ['name', 'scopes', 'expires'] as const

/** Active, revoked or expired, as the list's badge says it. */
function tokenState(token: ApiToken): { label: string; variant: 'success' | 'muted' | 'destructive' } {
  if (token.revoked_at) return { label: 'Revoked', variant: 'destructive' }
  if (token.expires_at && new Date(token.expires_at).getTime() <= Date.now())
    return { label: 'Expired', variant: 'muted' }
  return { label: 'Active', variant: 'success' }
}

/**
 * Personal access tokens (or, with `firmId`, the firm's API keys): the list with each token's prefix,
 * scopes, creation, last use and expiry; a form to make one (name, scopes, lifetime) whose secret is
 * shown once with a copy button; revoke after a confirmation.
 */
export function ApiTokensCard({ firmId }: { firmId?: string }) {
  const tokens = useApiTokens(firmId)
  const revoke = useRevokeApiToken(firmId)
  const firm = !!firmId
  const noun = firm ? 'API key' : 'token'
  const list = tokens.data?.tokens ?? []

  return (
    <Card aria-labelledby={`tokens-title-${firmId ?? 'me'}`}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" id={`tokens-title-${firmId ?? 'me'}`}>
            {firm ? 'Firm API keys' : 'Personal access tokens'}
          </CardTitle>
          <CardDescription>
            {firm
              ? "A key acts as the admin who made it, for the firm's case-management system, while they are an admin."
              : 'A token lets another program read and work your moves as you, within the scopes you choose.'}{' '}
            Send it as <code className="font-mono">Authorization: Bearer …</code>.
          </CardDescription>
        </div>
        <CreateTokenDialog firmId={firmId} noun={noun} />
      </CardHeader>
      {tokens.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label={`Loading ${noun}s`}>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : tokens.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>{tokens.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void tokens.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No {noun}s yet. Create one for each program that needs access, so that you can revoke one without the others.
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label={firm ? 'Firm API keys' : 'Your tokens'}>
          {list.map((token) => {
            const state = tokenState(token)
            return (
              <li key={token.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
                    <span className="font-medium break-words">{token.name}</span>
                    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{token.prefix}…</code>
                    <Badge variant={state.variant}>{state.label}</Badge>
                  </div>
                  <ul className="flex flex-wrap gap-1" aria-label="Scopes">
                    {token.scopes.map((s) => (
                      <li key={s}>
                        <Badge variant="outline" title={API_SCOPE_LABELS[s]}>
                          {s}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                  <p className="text-xs text-muted-foreground">
                    Created {formatUkDate(token.created_at)}
                    {firm ? ` by ${token.created_by}` : ''} · Last used{' '}
                    {token.last_used_at ? formatUkDateTime(token.last_used_at) : 'never'} ·{' '}
                    {token.revoked_at
                      ? `Revoked ${formatUkDate(token.revoked_at)}`
                      : token.expires_at
                        ? `${state.label === 'Expired' ? 'Expired' : 'Expires'} ${formatUkDate(token.expires_at)}`
                        : 'Never expires'}
                  </p>
                </div>
                {!token.revoked_at && (
                  <ConfirmButton
                    label={
                      <>
                        Revoke<span className="sr-only"> {token.name}</span>
                      </>
                    }
                    size="sm"
                    variant="outline"
                    title={`Revoke “${token.name}”?`}
                    description={`Programs using ${token.prefix}… stop working at once and cannot use it again. This cannot be undone.`}
                    confirmLabel="Revoke"
                    pendingLabel="Revoking…"
                    onConfirm={() =>
                      revoke.mutateAsync(token.id).then(
                        () => notify.success(`${firm ? 'API key' : 'Token'} revoked`, `${token.name} no longer works.`),
                        (err: Error) => {
                          notify.error('Could not revoke it', err.message)
                          throw err
                        },
                      )
                    }
                  />
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}

function CreateTokenDialog({ firmId, noun }: { firmId?: string; noun: string }) {
  const [open, setOpen] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const create = useCreateApiToken(firmId)
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: { name: '', scopes: ['transactions:read'], expires: '90' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(({ expires, ...values }) =>
    create.mutateAsync({ ...values, expires_in_days: expires === 'never' ? null : Number(expires) }).then(
      (created) => setSecret(created.secret),
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, FIELDS))
          notify.error(`Could not create the ${noun}`, err.message)
      },
    ),
  )
  // Cleared when the dialog opens again, not as it closes: the secret stays in place while it fades out.
  const onOpenChange = (next: boolean) => {
    if (next) {
      setSecret(null)
      form.reset()
    }
    setOpen(next)
  }
  const id = firmId ? `firm-token` : 'token'

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button className="shrink-0">Create {noun}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>
          {secret ? `Your new ${noun}` : `Create ${noun === 'token' ? 'a token' : 'an API key'}`}
        </DialogTitle>
        <DialogDescription>
          {secret
            ? 'This is the only time it is shown.'
            : 'Give it the fewest scopes the program needs. You can revoke it at any time.'}
        </DialogDescription>
        {secret ? (
          <div className="flex flex-col gap-4">
            <SecretReveal label={noun === 'token' ? 'Token' : 'API key'} secret={secret} />
            <DialogClose asChild>
              <Button className="self-end">Done</Button>
            </DialogClose>
          </div>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
            <FormField
              id={`${id}-name`}
              label="Name"
              hint="What uses it, e.g. “Case management system”"
              error={errors.name?.message}
            >
              {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
            </FormField>
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
            >
              <legend className="mb-1 text-sm font-medium">Scopes</legend>
              {API_SCOPES.map((scope) => (
                <label
                  key={scope}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-input p-2.5 text-sm has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input type="checkbox" value={scope} className="mt-0.5 size-4" {...form.register('scopes')} />
                  <span className="flex flex-col">
                    <code className="font-mono text-xs font-medium">{scope}</code>
                    <span className="text-muted-foreground">{API_SCOPE_LABELS[scope]}</span>
                  </span>
                </label>
              ))}
              <FieldError id={`${id}-scopes-error`}>
                {errors.scopes?.message ?? errors.scopes?.root?.message}
              </FieldError>
            </fieldset>
            <FormField id={`${id}-expires`} label="Expires" error={errors.expires?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('expires')}>
                  {TOKEN_EXPIRY_CHOICES.map((days) => (
                    <option key={String(days)} value={days === null ? 'never' : String(days)}>
                      {days === null ? 'Never' : days === 365 ? 'In 1 year' : `In ${days} days`}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : `Create ${noun}`}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
