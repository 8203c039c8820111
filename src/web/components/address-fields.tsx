import type { UseFormRegisterReturn } from 'react-hook-form'
import { nationOfPostcode } from '#shared/domain/nations.ts'
import { ChoiceGroup } from './ui/choice-group'
import { FormField } from './ui/form-field'
import { Input } from './ui/input'

/** The address parts a property form registers (the shared contracts' field names). */
export type AddressField = 'address_line_1' | 'address_line_2' | 'town' | 'postcode'

const AUTOCOMPLETE: Record<AddressField, string> = {
  address_line_1: 'address-line1',
  address_line_2: 'address-line2',
  town: 'address-level2',
  postcode: 'postal-code',
}

/**
 * A property's address: 'Address line 1', 'Address line 2 (optional)', then 'Town or city' and
 * 'Postcode' side by side from 640 px (the postcode typed in capitals). Spread react-hook-form's
 * `register(name)` of each into `fields` (registered by the form in the order the fields appear, so
 * that a failed submit focuses the first). `own`: the person's own address, which the browser may
 * fill in; otherwise (a client's property) autofill is off.
 */
export function AddressFields({
  fields,
  errors,
  own,
}: {
  fields: Record<AddressField, UseFormRegisterReturn>
  errors: Partial<Record<AddressField, { message?: string }>>
  own: boolean
}) {
  const auto = (name: AddressField) => (own ? AUTOCOMPLETE[name] : 'off')
  return (
    <>
      <FormField id="address_line_1" label="Address line 1" error={errors.address_line_1?.message}>
        {(f) => <Input {...f} autoComplete={auto('address_line_1')} {...fields.address_line_1} />}
      </FormField>
      <FormField id="address_line_2" label="Address line 2 (optional)" error={errors.address_line_2?.message}>
        {(f) => <Input {...f} autoComplete={auto('address_line_2')} {...fields.address_line_2} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="town" label="Town or city" error={errors.town?.message}>
          {(f) => <Input {...f} autoComplete={auto('town')} {...fields.town} />}
        </FormField>
        <FormField id="postcode" label="Postcode" error={errors.postcode?.message}>
          {(f) => (
            <Input
              {...f}
              autoComplete={auto('postcode')}
              autoCapitalize="characters"
              className="uppercase"
              {...fields.postcode}
            />
          )}
        </FormField>
      </div>
    </>
  )
}

/** The property's tenure as two choices; leasehold adds the TA7 and LPE1 tasks to the timeline. */
export function TenureChoice({ input, error }: { input: UseFormRegisterReturn; error?: string }) {
  return (
    <ChoiceGroup
      name="tenure"
      legend="Tenure"
      error={error}
      inputProps={input}
      choices={[
        { value: 'freehold', label: 'Freehold' },
        { value: 'leasehold', label: 'Leasehold', description: 'Adds TA7 and LPE1 tasks' },
      ]}
    />
  )
}

/**
 * 'Nation': England or Wales, asked only while the postcode's district has addresses on both sides of
 * the border (shared/domain/nations.ts: Saltney CH4, Chepstow NP16 ...) or the server asked for it;
 * the land tax (SDLT or LTT) and its return task follow the answer. Find address answers it itself.
 */
export function NationChoice({
  postcode,
  input,
  error,
}: {
  postcode: string | undefined
  input: UseFormRegisterReturn
  error?: string
}) {
  if (nationOfPostcode(postcode ?? '') !== 'straddles' && !error) return null
  return (
    <ChoiceGroup
      name="nation"
      legend="Nation"
      error={error}
      inputProps={input}
      choices={[
        { value: 'england', label: 'England', description: 'Stamp Duty Land Tax (HMRC)' },
        { value: 'wales', label: 'Wales', description: 'Land Transaction Tax (Welsh Revenue Authority)' },
      ]}
    />
  )
}
