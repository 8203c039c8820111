import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch, type DefaultValues } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { OpenMatterInput } from '#shared/contracts/firms.ts'
import { canBeFeeEarner, canManageFirm, canOpenMatter, memberRoleLabel } from '#shared/domain/firms.ts'
import { PAGE_PATHS, transactionPath } from '#shared/paths.ts'
import { AddressFields, NationChoice, TenureChoice } from '#web/components/address-fields.tsx'
import { fillAddressFields, FindAddress } from '#web/components/find-address.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { notify } from '#web/lib/toast.ts'
import { useFirmForMatters, useOpenMatter } from '../api'

type FormInput = z.input<typeof OpenMatterInput>
type FormOutput = z.output<typeof OpenMatterInput>

const FIELDS = [
  'address_line_1',
  'address_line_2',
  'town',
  'postcode',
  'nation',
  'agreed_price',
  'tenure',
  'side',
  'fee_earner_id',
  'client_name',
  'client_email',
  'target_exchange_date',
  'target_completion_date',
  'reference',
] as const

const EMPTY: DefaultValues<FormInput> = {
  address_line_1: '',
  address_line_2: '',
  town: '',
  postcode: '',
  agreed_price: '',
  client_name: '',
  client_email: '',
  target_exchange_date: '',
  target_completion_date: '',
  reference: '',
}

/**
 * /app/cases/new: open a matter for a client, validated with the shared OpenMatterInput (the
 * postcode with the UK postcode rule): the property, the side the firm acts for, the fee earner
 * (admins choose any admin or fee earner; a fee earner holds their own), the client to invite by
 * email and optional target dates. On success it lands on the new matter's workspace; the client
 * has been emailed an invitation. Assistants are told they cannot open one.
 */
export function OpenMatterForm({ viewerEmail }: { viewerEmail: string }) {
  const firm = useFirmForMatters()
  if (firm.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading" className="flex flex-col gap-3">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    )
  }
  if (firm.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
        <p>We could not load your firm: {firm.error.message}</p>
        <Button onClick={() => void firm.refetch()}>Try again</Button>
      </div>
    )
  }
  if (!firm.data.firm || !canOpenMatter(firm.data.my_role)) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border p-4">
        <h1 className="text-2xl font-bold">Open a matter</h1>
        <p>
          {firm.data.firm
            ? `An ${memberRoleLabel(firm.data.my_role ?? 'assistant').toLowerCase()} cannot open a matter. Ask a fee earner or an admin of ${firm.data.firm.name}.`
            : 'Set up your firm first: matters belong to a firm.'}
        </p>
        <Button asChild variant="outline">
          <Link to={PAGE_PATHS.cases}>Back to cases</Link>
        </Button>
      </div>
    )
  }
  const me = firm.data.members.find((m) => m.email.toLowerCase() === viewerEmail.toLowerCase())
  const feeEarners = canManageFirm(firm.data.my_role) ? firm.data.members.filter((m) => canBeFeeEarner(m.role)) : []
  return <MatterForm firmName={firm.data.firm.name} feeEarners={feeEarners} myId={me?.profile_id} />
}

function MatterForm({
  firmName,
  feeEarners,
  myId,
}: {
  firmName: string
  feeEarners: { profile_id: string; full_name: string; role: string }[]
  myId: string | undefined
}) {
  const navigate = useNavigate()
  const open = useOpenMatter()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(OpenMatterInput),
    defaultValues: { ...EMPTY, fee_earner_id: feeEarners.length ? myId : undefined },
  })
  const { errors } = form.formState
  const postcode = useWatch({ control: form.control, name: 'postcode' })
  // Registered in the order the fields appear, so that a failed submit focuses the first one.
  const field = Object.fromEntries(
    FIELDS.map((name) => [
      name,
      form.register(name, name === 'fee_earner_id' ? { setValueAs: (v: string) => v || undefined } : undefined),
    ]),
  ) as { [K in (typeof FIELDS)[number]]: ReturnType<typeof form.register<K>> }

  const onSubmit = form.handleSubmit((values) =>
    open.mutateAsync(values).then(
      ({ transaction_id }) => {
        notify.success(
          'Matter opened',
          `${values.address_line_1}, ${values.postcode}: we emailed ${values.client_email} an invitation.`,
        )
        navigate(transactionPath(transaction_id))
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, FIELDS)) notify.error('Could not open the matter', err.message)
      },
    ),
  )

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Open a matter</h1>
        <p className="text-sm text-muted-foreground">
          {firmName} is instructed on a move. We set up its timeline, put the fee earner on it and invite your client by
          email.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Open a matter" className="rounded-lg border bg-background p-4">
        <fieldset disabled={open.isPending} className="flex flex-col gap-4">
          <h2 className="font-semibold">Property</h2>
          <FindAddress
            onPick={(a) =>
              fillAddressFields(a, (name, value) =>
                form.setValue(name, value, { shouldValidate: true, shouldDirty: true }),
              )
            }
          />
          <AddressFields fields={field} errors={errors} own={false} />
          <NationChoice postcode={postcode} input={field.nation} error={errors.nation?.message} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="agreed_price" label="Agreed price (£)" error={errors.agreed_price?.message}>
              {(f) => <Input {...f} inputMode="decimal" placeholder="e.g. 425000" {...field.agreed_price} />}
            </FormField>
          </div>
          <TenureChoice input={field.tenure} error={errors.tenure?.message} />
          <h2 className="font-semibold">Instruction</h2>
          <ChoiceGroup
            name="side"
            legend="You act as"
            error={errors.side?.message}
            inputProps={field.side}
            choices={[
              { value: 'buyer', label: "The buyer's conveyancer" },
              { value: 'seller', label: "The seller's conveyancer" },
            ]}
          />
          {feeEarners.length > 0 && (
            <FormField id="fee_earner_id" label="Fee earner" error={errors.fee_earner_id?.message}>
              {(f) => (
                <NativeSelect {...f} {...field.fee_earner_id}>
                  {feeEarners.map((m) => (
                    <option key={m.profile_id} value={m.profile_id}>
                      {m.full_name}
                      {m.profile_id === myId ? ' (you)' : ''} · {memberRoleLabel(m.role)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="target_exchange_date"
              label="Target exchange (optional)"
              error={errors.target_exchange_date?.message}
            >
              {(f) => <Input {...f} type="date" {...field.target_exchange_date} />}
            </FormField>
            <FormField
              id="target_completion_date"
              label="Target completion (optional)"
              error={errors.target_completion_date?.message}
            >
              {(f) => <Input {...f} type="date" {...field.target_completion_date} />}
            </FormField>
          </div>
          <h2 className="font-semibold">Client</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="client_name" label="Client's full name" error={errors.client_name?.message}>
              {(f) => <Input {...f} autoComplete="off" {...field.client_name} />}
            </FormField>
            <FormField
              id="client_email"
              label="Client's email"
              hint="We email them an invitation to the move."
              error={errors.client_email?.message}
            >
              {(f) => <Input {...f} type="email" autoComplete="off" {...field.client_email} />}
            </FormField>
            <FormField
              id="reference"
              label="Your reference (optional)"
              hint="Your own file number, e.g. from your case-management system."
              error={errors.reference?.message}
            >
              {(f) => <Input {...f} autoComplete="off" {...field.reference} />}
            </FormField>
          </div>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={PAGE_PATHS.cases}>Cancel</Link>
            </Button>
            <Button type="submit">{open.isPending ? 'Opening…' : 'Open matter'}</Button>
          </div>
        </fieldset>
      </form>
    </div>
  )
}
