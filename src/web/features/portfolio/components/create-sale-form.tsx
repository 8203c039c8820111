import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch, type DefaultValues, type Resolver, type UseFormRegisterReturn } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'
import { CreateSaleFields, type CreateSaleInput, SaleConveyancerInput } from '#shared/contracts/portfolio.ts'
import { nationFitsPostcode } from '#shared/contracts/transactions.ts'
import { BUYER_POSITION_LABELS, BUYER_POSITIONS } from '#shared/domain/agent-sales.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import { AddressFields, NationChoice, TenureChoice } from '#web/components/address-fields.tsx'
import { fillAddressFields, FindAddress } from '#web/components/find-address.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { notify } from '#web/lib/toast.ts'
import { useCreateSale } from '../api'

/** A conveyancer's three boxes all left empty means "not known yet" (null), not three errors. */
const blankToNull = (v: unknown) => (v && typeof v === 'object' && Object.values(v).every((x) => !x) ? null : v)
const FormSchema = CreateSaleFields.extend({
  seller_conveyancer: z.preprocess(blankToNull, SaleConveyancerInput.nullable()),
  buyer_conveyancer: z.preprocess(blankToNull, SaleConveyancerInput.nullable()),
}).superRefine(nationFitsPostcode)
interface ConveyancerBoxes {
  firm_name: string
  person_name: string
  email: string
}
/** What the boxes hold: each conveyancer's three boxes, empty or not (the schema makes all-empty null). */
type FormInput = Omit<CreateSaleInput, 'seller_conveyancer' | 'buyer_conveyancer'> & {
  seller_conveyancer: ConveyancerBoxes
  buyer_conveyancer: ConveyancerBoxes
}
type FormOutput = z.output<typeof FormSchema>

const FIELDS = [
  'address_line_1',
  'address_line_2',
  'town',
  'postcode',
  'nation',
  'agreed_price',
  'tenure',
  'seller.name',
  'seller.email',
  'seller.on_homeward',
  'buyer.name',
  'buyer.email',
  'buyer.on_homeward',
  'buyer_position',
  'seller_conveyancer.firm_name',
  'seller_conveyancer.person_name',
  'seller_conveyancer.email',
  'buyer_conveyancer.firm_name',
  'buyer_conveyancer.person_name',
  'buyer_conveyancer.email',
] as const
type FieldName = (typeof FIELDS)[number]

const EMPTY: DefaultValues<FormInput> = {
  address_line_1: '',
  address_line_2: '',
  town: '',
  postcode: '',
  agreed_price: '',
  seller: { name: '', email: '', on_homeward: true },
  buyer: { name: '', email: '', on_homeward: true },
  seller_conveyancer: { firm_name: '', person_name: '', email: '' },
  buyer_conveyancer: { firm_name: '', person_name: '', email: '' },
}

/**
 * /app/portfolio/new: the estate agent creates a sale at sold subject to contract, validated with the
 * shared CreateSaleInput: the property and agreed price, the seller and the buyer (each invited to
 * Homeward now, or recorded off it), the buyer's position, and each side's conveyancer when known
 * (recorded as "not on Homeward"; the memorandum of sale goes to them by email). On success it goes
 * back to the portfolio, where the sale is listed.
 */
export function CreateSaleForm() {
  const navigate = useNavigate()
  const create = useCreateSale()
  const form = useForm<FormInput, unknown, FormOutput>({
    // The schema's preprocess takes unknown input; the boxes' shape is FormInput.
    resolver: zodResolver(FormSchema) as unknown as Resolver<FormInput, unknown, FormOutput>,
    defaultValues: EMPTY,
  })
  const { errors } = form.formState
  const postcode = useWatch({ control: form.control, name: 'postcode' })
  // Registered in the order the fields appear, so that a failed submit focuses the first one.
  const field = Object.fromEntries(FIELDS.map((name) => [name, form.register(name)])) as Record<
    FieldName,
    UseFormRegisterReturn
  >
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      ({ invited }) => {
        notify.success(
          'Sale created at SSTC',
          invited.length
            ? `${values.address_line_1}: we emailed ${invited.join(' and ')} an invitation.`
            : `${values.address_line_1} is on your portfolio.`,
        )
        navigate(PAGE_PATHS.portfolio)
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, FIELDS)) notify.error('Could not create the sale', err.message)
      },
    ),
  )
  const client = (who: 'seller' | 'buyer') => {
    const label = who === 'seller' ? 'Seller' : 'Buyer'
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${who}-name`} label={`${label}'s full name`} error={errors[who]?.name?.message}>
          {(f) => <Input {...f} autoComplete="off" {...field[`${who}.name`]} />}
        </FormField>
        <FormField id={`${who}-email`} label={`${label}'s email`} error={errors[who]?.email?.message}>
          {(f) => <Input {...f} type="email" autoComplete="off" {...field[`${who}.email`]} />}
        </FormField>
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="mt-1 size-4" {...field[`${who}.on_homeward`]} />
          <span>
            Invite the {who} to Homeward now
            <span className="block text-muted-foreground">
              Untick to record them off Homeward: they still get the memorandum of sale by email.
            </span>
          </span>
        </label>
      </div>
    )
  }
  const conveyancer = (side: 'seller' | 'buyer') => {
    const key = `${side}_conveyancer` as const
    const label = side === 'seller' ? "Seller's conveyancer" : "Buyer's conveyancer"
    const err = errors[key]
    return (
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">{label} (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Recorded as not on Homeward. Leave it empty if not instructed yet; you can record it later on the People tab.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={`${key}-firm`} label={`${label}: firm`} error={err?.firm_name?.message}>
            {(f) => <Input {...f} autoComplete="off" {...field[`${key}.firm_name`]} />}
          </FormField>
          <FormField id={`${key}-person`} label={`${label}: person acting`} error={err?.person_name?.message}>
            {(f) => <Input {...f} autoComplete="off" {...field[`${key}.person_name`]} />}
          </FormField>
          <FormField id={`${key}-email`} label={`${label}: email`} error={err?.email?.message}>
            {(f) => <Input {...f} type="email" autoComplete="off" {...field[`${key}.email`]} />}
          </FormField>
        </div>
      </fieldset>
    )
  }
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">New sale at SSTC</h1>
        <p className="text-sm text-muted-foreground">
          The offer is accepted. We set up the sale&apos;s timeline, put you on it as the estate agent, record the
          conveyancers and invite the seller and the buyer.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="New sale" className="rounded-lg border bg-background p-4">
        <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-4">
          <h2 className="font-semibold">Property</h2>
          <FindAddress
            onPick={(a) =>
              fillAddressFields(a, (name, value) =>
                form.setValue(name, value, { shouldValidate: true, shouldDirty: true }),
              )
            }
          />
          <AddressFields
            fields={{
              address_line_1: field.address_line_1,
              address_line_2: field.address_line_2,
              town: field.town,
              postcode: field.postcode,
            }}
            errors={errors}
            own={false}
          />
          <NationChoice postcode={postcode} input={field.nation} error={errors.nation?.message} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="agreed_price" label="Agreed price (£)" error={errors.agreed_price?.message}>
              {(f) => <Input {...f} inputMode="decimal" placeholder="e.g. 425000" {...field.agreed_price} />}
            </FormField>
          </div>
          <TenureChoice input={field.tenure} error={errors.tenure?.message} />
          <h2 className="font-semibold">Seller</h2>
          {client('seller')}
          <h2 className="font-semibold">Buyer</h2>
          {client('buyer')}
          <ChoiceGroup
            name="buyer_position"
            legend="The buyer's position"
            error={errors.buyer_position?.message}
            inputProps={field.buyer_position}
            columns={1}
            choices={BUYER_POSITIONS.map((p) => ({ value: p, label: BUYER_POSITION_LABELS[p] }))}
          />
          {conveyancer('seller')}
          {conveyancer('buyer')}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={PAGE_PATHS.portfolio}>Cancel</Link>
            </Button>
            <Button type="submit">{create.isPending ? 'Creating…' : 'Create sale'}</Button>
          </div>
        </fieldset>
      </form>
    </div>
  )
}
