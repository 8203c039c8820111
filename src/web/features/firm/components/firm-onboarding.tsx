import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Textarea } from '#web/components/ui/textarea.tsx'
import type { z } from 'zod'
import { CreateFirmInput } from '#shared/contracts/firms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { notify } from '#web/lib/toast.ts'
import { useClaimableListings, useClaimListing, useCreateFirm } from '../api'

type FormInput = z.input<typeof CreateFirmInput>
type FormOutput = z.output<typeof CreateFirmInput>
const FIELDS = ['name', 'town', 'postcode_district', 'contact_email', 'description'] as const

/**
 * For a professional who belongs to no firm yet (the cases board and the firm page show it instead of
 * an error): claim the firm's existing marketplace listing, found by name (only from an email at the
 * listing's domain, the server's rule), or create the firm and its listing. Either way they become
 * its admin. Joining an existing firm is by an admin's invitation, which the page says.
 */
export function FirmOnboarding({ email }: { email?: string }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-semibold">Set up your firm</h2>
        <p className="text-sm text-muted-foreground">
          Your cases board shows your firm&apos;s matters. Claim your firm&apos;s listing in the directory, or create
          your firm. Already have colleagues on Homeward? Ask your firm&apos;s admin to invite you
          {email ? ` (${email})` : ''}.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ClaimListing />
        <CreateFirm />
      </div>
    </div>
  )
}

function ClaimListing() {
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const listings = useClaimableListings(q)
  const claim = useClaimListing()
  return (
    <section aria-labelledby="claim-heading" className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <h3 id="claim-heading" className="font-semibold">
        Claim your listing
      </h3>
      <form
        role="search"
        aria-label="Find your firm's listing"
        className="flex flex-col gap-1"
        onSubmit={(e) => {
          e.preventDefault()
          setQ(text)
        }}
      >
        <Label htmlFor="claim-q">Your firm&apos;s name in the directory</Label>
        <div className="flex gap-2">
          <Input id="claim-q" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. Shah" />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </div>
        {q.trim().length > 0 && q.trim().length < 2 && (
          <p className="text-sm text-destructive">Type at least 2 letters of the firm name.</p>
        )}
      </form>
      <div aria-live="polite">
        {listings.isFetching ? (
          <Spinner label="Searching listings" />
        ) : listings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {listings.error.message}
          </p>
        ) : listings.data && listings.data.listings.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No unclaimed listing matches “{q.trim()}”. Create your firm instead.
          </p>
        ) : listings.data ? (
          <ul className="flex flex-col divide-y rounded-md border" aria-label="Listings">
            {listings.data.listings.map((l) => (
              <li key={l.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <div className="font-medium">{l.name}</div>
                  <div className="text-xs text-muted-foreground">
                    {[l.town, l.postcode_district].filter(Boolean).join(', ')}
                    {l.claimable
                      ? ''
                      : ` · claim it from an email address at ${l.domain ?? 'its own domain'}, or contact support`}
                  </div>
                </div>
                <Button
                  size="sm"
                  disabled={!l.claimable || claim.isPending}
                  aria-label={`Claim ${l.name}`}
                  onClick={() =>
                    claim.mutate(l.id, {
                      onSuccess: () => notify.success('Listing claimed', `You are the admin of ${l.name}.`),
                      onError: (err) => notify.error('Could not claim the listing', err.message),
                    })
                  }
                >
                  Claim
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}

function CreateFirm() {
  const create = useCreateFirm()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateFirmInput),
    defaultValues: { name: '', town: '', postcode_district: '', contact_email: '', description: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      () => notify.success('Firm created', `You are the admin of ${values.name}. Invite your colleagues next.`),
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, FIELDS)) notify.error('Could not create the firm', err.message)
      },
    ),
  )
  return (
    <section aria-labelledby="create-heading" className="rounded-lg border bg-background p-4">
      <h3 id="create-heading" className="mb-3 font-semibold">
        Create your firm
      </h3>
      <form noValidate onSubmit={onSubmit} aria-label="Create your firm">
        <fieldset disabled={create.isPending} className="flex flex-col gap-3">
          <FormField id="firm-name" label="Firm name" error={errors.name?.message}>
            {(f) => <Input {...f} autoComplete="organization" {...form.register('name')} />}
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="firm-town" label="Town" error={errors.town?.message}>
              {(f) => <Input {...f} autoComplete="address-level2" {...form.register('town')} />}
            </FormField>
            <FormField
              id="firm-postcode-district"
              label="Postcode district (e.g. AL1)"
              error={errors.postcode_district?.message}
            >
              {(f) => <Input {...f} className="uppercase" {...form.register('postcode_district')} />}
            </FormField>
          </div>
          <FormField
            id="firm-contact-email"
            label="Contact email"
            hint="Shown to clients on your marketplace listing."
            error={errors.contact_email?.message}
          >
            {(f) => <Input {...f} type="email" autoComplete="email" {...form.register('contact_email')} />}
          </FormField>
          <FormField
            id="firm-description"
            label="Description (optional)"
            hint="What your firm does and for whom. With it your firm is listed in the marketplace; you can add it later in Firm settings."
            error={errors.description?.message}
          >
            {(f) => <Textarea {...f} rows={3} {...form.register('description')} />}
          </FormField>
          <div>
            <Button type="submit">{create.isPending ? 'Creating…' : 'Create firm'}</Button>
          </div>
        </fieldset>
      </form>
    </section>
  )
}
