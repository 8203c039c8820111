import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { CreateWebhookEndpointInput, type WebhookEndpoint } from '#shared/contracts/api-access.ts'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '#shared/domain/api-access.ts'
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
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookEndpoints,
} from '../api'
import { DeliveryLog } from './delivery-log'
import { SecretReveal } from './secret-reveal'

const FormSchema = CreateWebhookEndpointInput.omit({ firm_id: true })
type FormInput = z.input<typeof FormSchema>
type FormOutput = z.output<typeof FormSchema>
const FIELDS = ['url', 'description', 'event_types'] as const

/**
 * Webhook endpoints (the viewer's, or with `firmId` the firm's): each with its events, latest
 * delivery, a test event, its delivery log with redelivery, a new signing secret and removal (both
 * confirmed). Registering one shows its signing secret once.
 */
export function WebhooksCard({ firmId }: { firmId?: string }) {
  const endpoints = useWebhookEndpoints(firmId)
  const list = endpoints.data?.endpoints ?? []
  const titleId = `webhooks-title-${firmId ?? 'me'}`
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" id={titleId}>
            {firmId ? 'Firm webhook endpoints' : 'Webhook endpoints'}
          </CardTitle>
          <CardDescription>
            We POST a signed JSON event (Standard Webhooks) to your URL when something happens on{' '}
            {firmId ? "the firm's matters" : 'a move you can see'}, and retry for a day if it does not answer 2xx.
          </CardDescription>
        </div>
        <CreateWebhookDialog firmId={firmId} />
      </CardHeader>
      {endpoints.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading webhook endpoints">
          <Skeleton className="h-20 w-full" />
        </div>
      ) : endpoints.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>{endpoints.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void endpoints.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No endpoints yet. Add the URL of your system to receive events as they happen.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={firmId ? 'Firm webhook endpoints' : 'Your webhook endpoints'}>
          {list.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} firmId={firmId} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function EndpointRow({ endpoint, firmId }: { endpoint: WebhookEndpoint; firmId?: string }) {
  const [logOpen, setLogOpen] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const test = useSendTestEvent(firmId)
  const update = useUpdateWebhook(firmId)
  const remove = useDeleteWebhook(firmId)
  const rotate = useRotateWebhookSecret(firmId)
  const last = endpoint.last_delivery
  const logId = `delivery-log-${endpoint.id}`
  const failed = (title: string) => (err: Error) => {
    notify.error(title, err.message)
    throw err
  }

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" aria-label={endpoint.url}>
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-medium break-all">{endpoint.url}</span>
          {!endpoint.enabled && <Badge variant="muted">Paused</Badge>}
          {last && (
            <Badge
              variant={last.status === 'succeeded' ? 'success' : last.status === 'failed' ? 'destructive' : 'muted'}
            >
              Last delivery: {last.status === 'succeeded' ? 'delivered' : last.status}
              {last.status_code ? ` (${last.status_code})` : ''}
            </Badge>
          )}
        </div>
        {endpoint.description && <p className="text-sm break-words">{endpoint.description}</p>}
        <ul className="flex flex-wrap gap-1" aria-label="Events">
          {endpoint.event_types.map((type) => (
            <li key={type}>
              <Badge variant="outline" title={WEBHOOK_EVENT_LABELS[type]}>
                {type}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          Added {formatUkDateTime(endpoint.created_at)}
          {firmId ? ` by ${endpoint.created_by}` : ''}
        </p>
      </div>
      {secret && (
        <div className="flex flex-col gap-2">
          <SecretReveal label="New signing secret" secret={secret} />
          <Button variant="outline" size="sm" className="self-start" onClick={() => setSecret(null)}>
            I have copied it
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutateAsync(endpoint.id).then(
              () => {
                setLogOpen(true)
                notify.success('Test event queued', 'It will appear in the delivery log within a few seconds.')
              },
              (err: Error) => notify.error('Could not send a test event', err.message),
            )
          }
        >
          Send test event
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((v) => !v)}
        >
          {logOpen ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            update.mutateAsync({ endpointId: endpoint.id, input: { enabled: !endpoint.enabled } }).then(
              () => notify.success(endpoint.enabled ? 'Endpoint paused' : 'Endpoint resumed'),
              (err: Error) => notify.error('Could not change the endpoint', err.message),
            )
          }
        >
          {endpoint.enabled ? 'Pause' : 'Resume'}
        </Button>
        <ConfirmButton
          label="New secret"
          size="sm"
          title="Replace the signing secret?"
          description="Every delivery from now on is signed with the new secret, shown once. Update your system before the next event, or it will refuse them."
          confirmLabel="Replace secret"
          pendingLabel="Replacing…"
          onConfirm={() =>
            rotate.mutateAsync(endpoint.id).then((r) => setSecret(r.secret), failed('Could not replace the secret'))
          }
        />
        <ConfirmButton
          label={
            <>
              Remove<span className="sr-only"> {endpoint.url}</span>
            </>
          }
          size="sm"
          variant="destructive"
          title="Remove this endpoint?"
          description={`${endpoint.url} gets no more events, and its delivery log is deleted. This cannot be undone.`}
          confirmLabel="Remove"
          pendingLabel="Removing…"
          onConfirm={() =>
            remove
              .mutateAsync(endpoint.id)
              .then(() => notify.success('Endpoint removed', endpoint.url), failed('Could not remove the endpoint'))
          }
        />
      </div>
      {logOpen && <DeliveryLog id={logId} endpointId={endpoint.id} firmId={firmId} />}
    </li>
  )
}

function CreateWebhookDialog({ firmId }: { firmId?: string }) {
  const [open, setOpen] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const create = useCreateWebhook(firmId)
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: { url: '', description: '', event_types: ['transaction.status_changed', 'task.completed'] },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      (created) => setSecret(created.secret),
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, FIELDS)) notify.error('Could not add the endpoint', err.message)
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
  const id = firmId ? 'firm-webhook' : 'webhook'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button className="shrink-0">Add endpoint</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{secret ? 'Endpoint added' : 'Add a webhook endpoint'}</DialogTitle>
        <DialogDescription>
          {secret
            ? 'Verify every delivery with this signing secret. It is shown only this once.'
            : 'Choose the events to send. Only events of moves you can see are sent.'}
        </DialogDescription>
        {secret ? (
          <div className="flex flex-col gap-4">
            <SecretReveal label="Signing secret" secret={secret} />
            <DialogClose asChild>
              <Button className="self-end">Done</Button>
            </DialogClose>
          </div>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
            <FormField
              id={`${id}-url`}
              label="Endpoint URL"
              hint="https:// (http://localhost works while developing)"
              error={errors.url?.message}
            >
              {(control) => (
                <Input {...control} type="url" inputMode="url" autoComplete="off" {...form.register('url')} />
              )}
            </FormField>
            <FormField id={`${id}-description`} label="Description (optional)" error={errors.description?.message}>
              {(control) => <Input {...control} autoComplete="off" {...form.register('description')} />}
            </FormField>
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={errors.event_types ? `${id}-events-error` : undefined}
            >
              <legend className="mb-1 text-sm font-medium">Events</legend>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-input p-2.5 text-sm has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input type="checkbox" value={type} className="mt-0.5 size-4" {...form.register('event_types')} />
                  <span className="flex flex-col">
                    <code className="font-mono text-xs font-medium">{type}</code>
                    <span className="text-muted-foreground">{WEBHOOK_EVENT_LABELS[type]}</span>
                  </span>
                </label>
              ))}
              <FieldError id={`${id}-events-error`}>
                {errors.event_types?.message ?? errors.event_types?.root?.message}
              </FieldError>
            </fieldset>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Adding…' : 'Add endpoint'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
