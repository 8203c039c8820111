import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { ProductsInput, type ScheduleResponse } from '#shared/contracts/surveys.ts'
import { SURVEY_PRODUCT_KINDS, SURVEY_PRODUCT_LABELS } from '#shared/domain/surveys.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { notify } from '#web/lib/toast.ts'
import { useSaveProducts } from '../api'

/** A starting price (pence inc. VAT) and minutes on site for a product the firm has not set up yet; saved not offered. */
const STARTING_POINT: Record<(typeof SURVEY_PRODUCT_KINDS)[number], { price_pence: number; duration_minutes: number }> =
  {
    rics_level_1: { price_pence: 400_00, duration_minutes: 90 },
    rics_level_2: { price_pence: 595_00, duration_minutes: 180 },
    rics_level_3: { price_pence: 950_00, duration_minutes: 300 },
    mortgage_valuation: { price_pence: 250_00, duration_minutes: 60 },
  }

/**
 * The firm's survey products (PUT /api/schedule/products, admins only) with react-hook-form and the
 * shared ProductsInput schema: for each kind, offered or not, the price in pounds including VAT
 * (sent as pence) and the minutes on site.
 */
export function ProductsForm({ data, onDone }: { data: ScheduleResponse; onDone: () => void }) {
  const save = useSaveProducts()
  const form = useForm<ProductsInput>({
    resolver: zodResolver(ProductsInput),
    defaultValues: {
      products: SURVEY_PRODUCT_KINDS.map((kind) => {
        const p = data.products.find((x) => x.kind === kind)
        return p
          ? { kind, price_pence: p.price_pence, duration_minutes: p.duration_minutes, active: p.active }
          : { kind, ...STARTING_POINT[kind], active: false }
      }),
    },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        notify.success('Products saved', 'Buyers see the new prices from now on.')
        onDone()
      },
      (err: Error) => notify.error('Could not save the products', err.message),
    ),
  )
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Products and prices">
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <ul className="flex flex-col gap-4">
          {SURVEY_PRODUCT_KINDS.map((kind, i) => {
            const e = errors.products?.[i]
            return (
              <li key={kind} className="flex flex-col gap-2 rounded-md border p-3">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-semibold">{SURVEY_PRODUCT_LABELS[kind]}</p>
                  <Controller
                    control={form.control}
                    name={`products.${i}.active`}
                    render={({ field }) => (
                      <div className="flex items-center gap-2 text-sm">
                        <span aria-hidden="true" className="whitespace-nowrap">
                          {field.value ? 'Offered' : 'Not offered'}
                        </span>
                        <Switch
                          id={`product-${kind}-active`}
                          checked={field.value}
                          onCheckedChange={field.onChange}
                          aria-label={`Offer ${SURVEY_PRODUCT_LABELS[kind]}`}
                        />
                      </div>
                    )}
                  />
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <Controller
                    control={form.control}
                    name={`products.${i}.price_pence`}
                    render={({ field, fieldState }) => (
                      <div className="flex flex-col gap-1">
                        <Label htmlFor={`product-${kind}-price`}>Price inc. VAT (£)</Label>
                        <Input
                          id={`product-${kind}-price`}
                          type="number"
                          inputMode="decimal"
                          min={1}
                          step={0.01}
                          aria-invalid={!!fieldState.error}
                          defaultValue={field.value ? (field.value / 100).toFixed(2) : ''}
                          onChange={(ev) => field.onChange(Math.round(Number(ev.target.value || '0') * 100))}
                          onBlur={field.onBlur}
                          ref={field.ref}
                        />
                      </div>
                    )}
                  />
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`product-${kind}-minutes`}>Minutes on site</Label>
                    <Input
                      id={`product-${kind}-minutes`}
                      type="number"
                      inputMode="numeric"
                      min={15}
                      max={600}
                      aria-invalid={!!e?.duration_minutes}
                      {...form.register(`products.${i}.duration_minutes`, { valueAsNumber: true })}
                    />
                  </div>
                </div>
                <FieldError>{e?.price_pence?.message ?? e?.duration_minutes?.message}</FieldError>
              </li>
            )
          })}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{save.isPending ? 'Saving…' : 'Save products'}</Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  )
}
