import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch, type DefaultValues } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { CreateTransactionInput } from '#shared/contracts/transactions.ts'
import { AddressFields, NationChoice, TenureChoice } from '#web/components/address-fields.tsx'
import { fillAddressFields, FindAddress } from '#web/components/find-address.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useCreateTransaction } from '../api'
import { transactionPath } from '#shared/paths.ts'

type FormInput = z.input<typeof CreateTransactionInput>
type FormOutput = z.output<typeof CreateTransactionInput>

const FIELDS = [
  'address_line_1',
  'address_line_2',
  'town',
  'postcode',
  'uprn',
  'nation',
  'role',
  'agreed_price',
  'tenure',
] as const

const EMPTY: DefaultValues<FormInput> = {
  address_line_1: '',
  address_line_2: '',
  town: '',
  postcode: '',
  uprn: '',
  nation: '',
  agreed_price: '',
}

/**
 * The create-transaction form (not shown in the spec) in a dialog: 'Address line 1',
 * 'Address line 2 (optional)', 'Town or city', 'Postcode', 'UPRN (optional)', 'Your role in this move', 'Agreed
 * price (£)' and 'Tenure', validated with the shared CreateTransactionInput schema (the one postcode
 * rule, shared/domain/postcode.ts). "Find address" above fills the address, UPRN and nation from the
 * address lookup; typed by hand in a district on both sides of the Welsh border, 'Nation' is asked.
 * On success it opens the new workspace.
 */
export function CreateTransactionDialog({
  open,
  onOpenChange,
  defaultRole,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  defaultRole?: 'buyer' | 'seller'
}) {
  const navigate = useNavigate()
  const create = useCreateTransaction()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateTransactionInput),
    defaultValues: { ...EMPTY, role: defaultRole },
  })
  const { errors } = form.formState
  const postcode = useWatch({ control: form.control, name: 'postcode' })
  // Registered here, in the order the fields appear, so that a failed submit focuses the first one.
  const field = Object.fromEntries(FIELDS.map((name) => [name, form.register(name)])) as {
    [K in (typeof FIELDS)[number]]: ReturnType<typeof form.register<K>>
  }

  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      ({ id }) => {
        notify.success(
          'Transaction created',
          `${values.address_line_1}, ${values.postcode} is ready. Invite the other side from People.`,
        )
        onOpenChange(false)
        form.reset()
        navigate(transactionPath(id))
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, FIELDS))
          notify.error('Could not create the transaction', err.message)
      },
    ),
  )

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <div className="pr-8">
          <DialogTitle>Create a transaction</DialogTitle>
          <DialogDescription className="mt-1">
            Add the property you are buying or selling. We set up the standard England and Wales timeline for it.
          </DialogDescription>
        </div>
        <form noValidate onSubmit={onSubmit} aria-label="Create a transaction">
          <fieldset disabled={create.isPending} className="flex flex-col gap-4">
            <FindAddress
              onPick={(a) =>
                fillAddressFields(a, (name, value) =>
                  form.setValue(name, value, { shouldValidate: true, shouldDirty: true }),
                )
              }
            />
            <AddressFields fields={field} errors={errors} own />
            <NationChoice postcode={postcode} input={field.nation} error={errors.nation?.message} />
            <FormField
              id="uprn"
              label="UPRN (optional)"
              hint="The Unique Property Reference Number, up to 12 digits, if you know it."
              error={errors.uprn?.message}
            >
              {(f) => <Input {...f} inputMode="numeric" {...field.uprn} />}
            </FormField>
            <ChoiceGroup
              name="role"
              legend="Your role in this move"
              error={errors.role?.message}
              inputProps={field.role}
              choices={[
                { value: 'buyer', label: 'Buyer' },
                { value: 'seller', label: 'Seller' },
              ]}
            />
            <FormField id="agreed_price" label="Agreed price (£)" error={errors.agreed_price?.message}>
              {(f) => <Input {...f} inputMode="decimal" placeholder="e.g. 425000" {...field.agreed_price} />}
            </FormField>
            <TenureChoice input={field.tenure} error={errors.tenure?.message} />
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">{create.isPending ? 'Creating…' : 'Create Transaction'}</Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  )
}
