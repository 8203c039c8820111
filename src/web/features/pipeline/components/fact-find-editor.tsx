import { useEffect, useRef, useState, type ReactNode } from 'react'
import { FactFindInput, type BrokerClient, type FactFindData } from '#shared/contracts/mortgages.ts'
import {
  ADDRESS_HISTORY_MONTHS,
  addressHistoryMonths,
  EMPLOYMENT_STATUS_LABELS,
  EMPLOYMENT_STATUSES,
  INCOME_TYPE_LABELS,
  INCOME_TYPES,
  londonDay,
  type EmploymentStatus,
  type IncomeType,
} from '#shared/domain/mortgages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useSaveClientFactFind } from '../api'

/** Pounds typed by a person ('1,250.50', '£300000') as whole pence; NaN when not a number. */
export function poundsToPence(text: string): number {
  const clean = text.replace(/[£,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN
  return Math.round(Number(clean) * 100)
}

const POUNDS_HINT = 'Enter the amount in pounds, for example 45000 or 1,250.50'
/** How long after the last change the fact find saves itself. */
export const AUTOSAVE_DELAY_MS = 800

type Errors = Record<string, string>

/** A money input in pounds whose value is pence; text that is not an amount is NaN (refused by the schema). */
function Pounds({
  id,
  label,
  value,
  onChange,
  errors,
  path,
  optional = false,
  hint,
}: {
  id: string
  label: string
  value: number | null
  onChange: (pence: number | null) => void
  errors: Errors
  path: string
  optional?: boolean
  hint?: string
}) {
  const [text, setText] = useState(value === null || Number.isNaN(value) ? '' : String(value / 100))
  const error = errors[path] ? (Number.isNaN(value) ? POUNDS_HINT : errors[path]) : undefined
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(p) => (
        <Input
          {...p}
          inputMode="decimal"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            const t = e.target.value.trim()
            onChange(t === '' ? (optional ? null : 0) : poundsToPence(t))
          }}
        />
      )}
    </FormField>
  )
}

function Group({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border p-3 sm:p-4" data-testid={testId}>
      <legend className="px-1 font-medium">{title}</legend>
      {children}
    </fieldset>
  )
}

const grid = 'grid gap-3 sm:grid-cols-2'

/** Errors of a parse, by dotted path ('applicants.0.incomes.1.annual_pence'). */
function errorsOf(data: FactFindData): Errors {
  const r = FactFindInput.safeParse(data)
  if (r.success) return {}
  const out: Errors = {}
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message
  return out
}

type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed'

/**
 * The full fact find, saved as you go: every change is checked with the shared schema (contracts
 * FactFindInput) and, when valid, saved AUTOSAVE_DELAY_MS after the last change (one request, one
 * database transaction); the status line reads "Saving…", "Saved" or what to fix.
 */
export function FactFindEditor({ client }: { client: BrokerClient }) {
  const [data, setData] = useState<FactFindData>(client.fact_find.data)
  const [state, setState] = useState<SaveState>(client.fact_find.updated_at ? 'saved' : 'idle')
  const [failure, setFailure] = useState<string | null>(null)
  const save = useSaveClientFactFind(client.id)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const seq = useRef(0)
  const errors = errorsOf(data)
  const today = londonDay(new Date())

  // A pending save does not outlive the page.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  /** Applies a change; saves it AUTOSAVE_DELAY_MS after the last change when the schema accepts it. */
  const update = (fn: (d: FactFindData) => void) => {
    const next = structuredClone(data)
    fn(next)
    setData(next)
    if (timer.current) clearTimeout(timer.current)
    if (!FactFindInput.safeParse(next).success) {
      setState('invalid')
      return
    }
    setState('saving')
    const mine = ++seq.current
    timer.current = setTimeout(() => {
      save.mutate(next, {
        onSuccess: () => {
          if (mine !== seq.current) return
          setFailure(null)
          setState('saved')
        },
        onError: (err) => {
          if (mine !== seq.current) return
          setFailure(err.message)
          setState('failed')
        },
      })
    }, AUTOSAVE_DELAY_MS)
  }

  return (
    <div className="flex flex-col gap-4" aria-label="Fact find" role="form">
      <p
        role="status"
        aria-live="polite"
        data-testid="autosave-status"
        className={
          state === 'invalid' || state === 'failed'
            ? 'text-sm font-medium text-destructive'
            : 'text-sm text-muted-foreground'
        }
      >
        {state === 'saving'
          ? 'Saving…'
          : state === 'saved'
            ? 'Saved'
            : state === 'invalid'
              ? 'Not saved: fix the fields marked below'
              : state === 'failed'
                ? `Not saved: ${failure ?? 'try again'}`
                : 'Saved as you type'}
      </p>

      {data.applicants.map((a, ai) => {
        const months = addressHistoryMonths(a.addresses, today)
        const at = `applicants.${ai}`
        return (
          <Group
            key={ai}
            title={ai === 0 ? `Applicant: ${a.name || 'client'}` : `Joint applicant: ${a.name || ai + 1}`}
          >
            <div className={grid}>
              <FormField id={`a${ai}-name`} label="Full name" error={errors[`${at}.name`]}>
                {(p) => (
                  <Input
                    {...p}
                    value={a.name}
                    onChange={(e) => update((d) => void (d.applicants[ai]!.name = e.target.value))}
                  />
                )}
              </FormField>
              <FormField id={`a${ai}-dob`} label="Date of birth" error={errors[`${at}.date_of_birth`]}>
                {(p) => (
                  <Input
                    {...p}
                    type="date"
                    value={a.date_of_birth}
                    onChange={(e) => update((d) => void (d.applicants[ai]!.date_of_birth = e.target.value))}
                  />
                )}
              </FormField>
            </div>

            <h3 className="text-sm font-medium">
              Address history{' '}
              <span className={months >= ADDRESS_HISTORY_MONTHS ? 'text-muted-foreground' : 'text-destructive'}>
                (
                {months >= ADDRESS_HISTORY_MONTHS
                  ? '3 years covered'
                  : `${months} of ${ADDRESS_HISTORY_MONTHS} months covered`}
                )
              </span>
            </h3>
            {a.addresses.map((ad, i) => (
              <div
                key={i}
                className="grid gap-3 rounded-md bg-surface p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end"
              >
                <FormField id={`a${ai}-ad${i}`} label="Address" error={errors[`${at}.addresses.${i}.address`]}>
                  {(p) => (
                    <Input
                      {...p}
                      value={ad.address}
                      onChange={(e) => update((d) => void (d.applicants[ai]!.addresses[i]!.address = e.target.value))}
                    />
                  )}
                </FormField>
                <FormField id={`a${ai}-pc${i}`} label="Postcode" error={errors[`${at}.addresses.${i}.postcode`]}>
                  {(p) => (
                    <Input
                      {...p}
                      value={ad.postcode}
                      onChange={(e) => update((d) => void (d.applicants[ai]!.addresses[i]!.postcode = e.target.value))}
                    />
                  )}
                </FormField>
                <FormField id={`a${ai}-af${i}`} label="From" error={errors[`${at}.addresses.${i}.from`]}>
                  {(p) => (
                    <Input
                      {...p}
                      type="month"
                      value={ad.from}
                      onChange={(e) => update((d) => void (d.applicants[ai]!.addresses[i]!.from = e.target.value))}
                    />
                  )}
                </FormField>
                <FormField id={`a${ai}-at${i}`} label="To (empty: now)" error={errors[`${at}.addresses.${i}.to`]}>
                  {(p) => (
                    <Input
                      {...p}
                      type="month"
                      value={ad.to}
                      onChange={(e) => update((d) => void (d.applicants[ai]!.addresses[i]!.to = e.target.value))}
                    />
                  )}
                </FormField>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => update((d) => void d.applicants[ai]!.addresses.splice(i, 1))}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              className="self-start"
              onClick={() =>
                update((d) => void d.applicants[ai]!.addresses.push({ address: '', postcode: '', from: '', to: '' }))
              }
            >
              Add an address
            </Button>

            <h3 className="text-sm font-medium">Employment history</h3>
            {a.employments.map((em, i) => (
              <div
                key={i}
                className="grid gap-3 rounded-md bg-surface p-3 sm:grid-cols-[1.5fr_1fr_1fr_1fr_1fr_auto] sm:items-end"
              >
                <FormField id={`a${ai}-emp${i}`} label="Employer or business">
                  {(p) => (
                    <Input
                      {...p}
                      value={em.employer}
                      onChange={(e) =>
                        update((d) => void (d.applicants[ai]!.employments[i]!.employer = e.target.value))
                      }
                    />
                  )}
                </FormField>
                <FormField id={`a${ai}-es${i}`} label="Status">
                  {(p) => (
                    <NativeSelect
                      {...p}
                      value={em.status}
                      onChange={(e) =>
                        update(
                          (d) => void (d.applicants[ai]!.employments[i]!.status = e.target.value as EmploymentStatus),
                        )
                      }
                    >
                      {EMPLOYMENT_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {EMPLOYMENT_STATUS_LABELS[s]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <FormField id={`a${ai}-eo${i}`} label="Occupation">
                  {(p) => (
                    <Input
                      {...p}
                      value={em.occupation}
                      onChange={(e) =>
                        update((d) => void (d.applicants[ai]!.employments[i]!.occupation = e.target.value))
                      }
                    />
                  )}
                </FormField>
                <FormField id={`a${ai}-ef${i}`} label="From">
                  {(p) => (
                    <Input
                      {...p}
                      type="month"
                      value={em.from}
                      onChange={(e) => update((d) => void (d.applicants[ai]!.employments[i]!.from = e.target.value))}
                    />
                  )}
                </FormField>
                <FormField id={`a${ai}-et${i}`} label="To (empty: now)">
                  {(p) => (
                    <Input
                      {...p}
                      type="month"
                      value={em.to}
                      onChange={(e) => update((d) => void (d.applicants[ai]!.employments[i]!.to = e.target.value))}
                    />
                  )}
                </FormField>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => update((d) => void d.applicants[ai]!.employments.splice(i, 1))}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              className="self-start"
              onClick={() =>
                update(
                  (d) =>
                    void d.applicants[ai]!.employments.push({
                      employer: '',
                      status: 'employed',
                      occupation: '',
                      from: '',
                      to: '',
                    }),
                )
              }
            >
              Add a job
            </Button>

            <h3 className="text-sm font-medium">Income (gross, per year)</h3>
            {a.incomes.map((inc, i) => (
              <div key={i} className="grid gap-3 rounded-md bg-surface p-3 sm:grid-cols-[1.5fr_1fr_auto] sm:items-end">
                <FormField id={`a${ai}-it${i}`} label="Income type">
                  {(p) => (
                    <NativeSelect
                      {...p}
                      value={inc.type}
                      onChange={(e) =>
                        update((d) => void (d.applicants[ai]!.incomes[i]!.type = e.target.value as IncomeType))
                      }
                    >
                      {INCOME_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {INCOME_TYPE_LABELS[t]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <Pounds
                  id={`a${ai}-ia${i}`}
                  label="Per year (£)"
                  value={inc.annual_pence}
                  path={`${at}.incomes.${i}.annual_pence`}
                  errors={errors}
                  onChange={(v) => update((d) => void (d.applicants[ai]!.incomes[i]!.annual_pence = v ?? 0))}
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => update((d) => void d.applicants[ai]!.incomes.splice(i, 1))}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              className="self-start"
              onClick={() => update((d) => void d.applicants[ai]!.incomes.push({ type: 'employed', annual_pence: 0 }))}
            >
              Add an income
            </Button>
            {ai > 0 && (
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() => update((d) => void d.applicants.splice(ai, 1))}
              >
                Remove this joint applicant
              </Button>
            )}
          </Group>
        )
      })}
      {data.applicants.length < 4 && (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => update((d) => void d.applicants.push(FactFindInput.shape.applicants.element.parse({})))}
        >
          Add a joint applicant
        </Button>
      )}

      <Group title="Commitments (loans, cards, finance)">
        {data.commitments.map((c, i) => (
          <div key={i} className="grid gap-3 rounded-md bg-surface p-3 sm:grid-cols-[1.5fr_1fr_1fr_auto] sm:items-end">
            <FormField id={`cm${i}`} label="What">
              {(p) => (
                <Input
                  {...p}
                  value={c.description}
                  onChange={(e) => update((d) => void (d.commitments[i]!.description = e.target.value))}
                />
              )}
            </FormField>
            <Pounds
              id={`cmm${i}`}
              label="Monthly (£)"
              value={c.monthly_pence}
              path={`commitments.${i}.monthly_pence`}
              errors={errors}
              onChange={(v) => update((d) => void (d.commitments[i]!.monthly_pence = v ?? 0))}
            />
            <Pounds
              id={`cmb${i}`}
              label="Balance (£)"
              value={c.balance_pence}
              path={`commitments.${i}.balance_pence`}
              errors={errors}
              onChange={(v) => update((d) => void (d.commitments[i]!.balance_pence = v ?? 0))}
            />
            <Button type="button" variant="outline" onClick={() => update((d) => void d.commitments.splice(i, 1))}>
              Remove
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() =>
            update((d) => void d.commitments.push({ description: '', monthly_pence: 0, balance_pence: 0 }))
          }
        >
          Add a commitment
        </Button>
      </Group>

      <Group title="Monthly expenditure">
        <div className={grid}>
          <Pounds
            id="ex-housing"
            label="Housing (rent, service charge, council tax) (£)"
            value={data.expenditure.housing_monthly_pence}
            path="expenditure.housing_monthly_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.expenditure.housing_monthly_pence = v ?? 0))}
          />
          <Pounds
            id="ex-household"
            label="Household bills (£)"
            value={data.expenditure.household_monthly_pence}
            path="expenditure.household_monthly_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.expenditure.household_monthly_pence = v ?? 0))}
          />
          <Pounds
            id="ex-living"
            label="Living costs (food, travel, childcare) (£)"
            value={data.expenditure.living_monthly_pence}
            path="expenditure.living_monthly_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.expenditure.living_monthly_pence = v ?? 0))}
          />
          <Pounds
            id="ex-other"
            label="Other spending (£)"
            value={data.expenditure.other_monthly_pence}
            path="expenditure.other_monthly_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.expenditure.other_monthly_pence = v ?? 0))}
          />
        </div>
      </Group>

      <Group title="Dependants">
        {data.dependants.length === 0 && <p className="text-sm text-muted-foreground">No dependants recorded.</p>}
        <div className="flex flex-wrap gap-3">
          {data.dependants.map((dep, i) => (
            <div key={i} className="flex items-end gap-2">
              <FormField
                id={`dep${i}`}
                label={`Dependant ${i + 1}: age`}
                error={errors[`dependants.${i}.age`]}
                className="w-36"
              >
                {(p) => (
                  <Input
                    {...p}
                    inputMode="numeric"
                    value={Number.isNaN(dep.age) ? '' : String(dep.age)}
                    onChange={(e) =>
                      update(
                        (d) =>
                          void (d.dependants[i]!.age = e.target.value === '' ? Number.NaN : Number(e.target.value)),
                      )
                    }
                  />
                )}
              </FormField>
              <Button type="button" variant="outline" onClick={() => update((d) => void d.dependants.splice(i, 1))}>
                Remove
              </Button>
            </div>
          ))}
        </div>
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => update((d) => void d.dependants.push({ age: 0 }))}
        >
          Add a dependant
        </Button>
      </Group>

      <Group title="Credit history (last 6 years)">
        <div className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ['ccjs', 'County court judgments (CCJs)'],
              ['defaults', 'Defaults'],
              ['missed_payments', 'Missed payments'],
            ] as const
          ).map(([k, label]) => (
            <FormField key={k} id={`credit-${k}`} label={label} error={errors[`credit.${k}`]}>
              {(p) => (
                <Input
                  {...p}
                  inputMode="numeric"
                  value={Number.isNaN(data.credit[k]) ? '' : String(data.credit[k])}
                  onChange={(e) =>
                    update((d) => void (d.credit[k] = e.target.value === '' ? 0 : Number(e.target.value)))
                  }
                />
              )}
            </FormField>
          ))}
        </div>
        <FormField
          id="credit-details"
          label="Details (dates, amounts, satisfied or not)"
          error={errors['credit.details']}
        >
          {(p) => (
            <Textarea
              {...p}
              rows={2}
              value={data.credit.details}
              onChange={(e) => update((d) => void (d.credit.details = e.target.value))}
            />
          )}
        </FormField>
      </Group>

      <Group title="Protection needs">
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
          {(
            [
              ['life_cover', 'Life cover'],
              ['critical_illness', 'Critical illness cover'],
              ['income_protection', 'Income protection'],
            ] as const
          ).map(([k, label]) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={data.protection[k]}
                onChange={(e) => update((d) => void (d.protection[k] = e.target.checked))}
              />
              {label} needed
            </label>
          ))}
        </div>
        <FormField id="protection-notes" label="Existing cover and notes" error={errors['protection.notes']}>
          {(p) => (
            <Textarea
              {...p}
              rows={2}
              value={data.protection.notes}
              onChange={(e) => update((d) => void (d.protection.notes = e.target.value))}
            />
          )}
        </FormField>
      </Group>

      <Group title="Needs and objectives">
        <FormField
          id="objectives"
          label="What the client wants (term, fixed or tracker, overpayments, moving plans)"
          error={errors.objectives}
        >
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              value={data.objectives}
              onChange={(e) => update((d) => void (d.objectives = e.target.value))}
            />
          )}
        </FormField>
      </Group>

      <Group title="The purchase" testId="purchase">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={data.first_time_buyer}
            onChange={(e) => update((d) => void (d.first_time_buyer = e.target.checked))}
          />
          Every applicant is a first-time buyer
        </label>
        <div className={grid}>
          <Pounds
            id="target-price"
            label="Target price (£)"
            hint="Before an offer; the agreed price is used once the client is on a move"
            optional
            value={data.target_price_pence}
            path="target_price_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.target_price_pence = v))}
          />
          <Pounds
            id="deposit"
            label="Deposit and own funds (£)"
            value={data.deposit_pence}
            path="deposit_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.deposit_pence = v ?? 0))}
          />
          <Pounds
            id="loan"
            label="Loan asked for (£)"
            hint="Empty: the price less the deposit"
            optional
            value={data.loan_pence}
            path="loan_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.loan_pence = v))}
          />
          <Pounds
            id="fees"
            label="Buying costs (legal, survey, broker, moving) (£)"
            value={data.fees_pence}
            path="fees_pence"
            errors={errors}
            onChange={(v) => update((d) => void (d.fees_pence = v ?? 0))}
          />
          <FormField id="term" label="Term (years)" error={errors.term_years}>
            {(p) => (
              <Input
                {...p}
                inputMode="numeric"
                value={Number.isNaN(data.term_years) ? '' : String(data.term_years)}
                onChange={(e) =>
                  update((d) => void (d.term_years = e.target.value === '' ? Number.NaN : Number(e.target.value)))
                }
              />
            )}
          </FormField>
        </div>
      </Group>
    </div>
  )
}
