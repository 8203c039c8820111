import { Plus, Trash2 } from 'lucide-react'
import type { FormFieldModel } from '#shared/domain/property-forms.ts'
import { getAt, isShown, setAt, type Answers } from '#shared/domain/property-forms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { FieldError } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { optionLabel } from './answer-text'

/** A DOM id for a field path ("parking.controlledParking.yesNo" -> "f-parking-controlledParking-yesNo"). */
export const fieldDomId = (prefix: string, path: string) => `${prefix}-${path.replaceAll('.', '-')}`

const LONG_TEXT = /(details|comments|description|additionalInformation)$/i

/**
 * One answer of a form, drawn from its model: a yes/no or other choice as radio cards (a long list as
 * a select), several choices as checkboxes, text, a number, a date (with its "Not known" alternative),
 * a tick box, or a list of repeatable items with their own fields. `hideLabel` keeps a label that only
 * repeats the question's title for screen readers.
 */
export function FieldInput({
  field,
  value,
  onChange,
  idPrefix,
  hideLabel,
  error,
}: {
  field: FormFieldModel
  value: unknown
  onChange: (value: unknown) => void
  idPrefix: string
  hideLabel?: boolean
  error?: string
}) {
  const id = fieldDomId(idPrefix, field.path)
  const errorId = error ? `${id}-error` : undefined
  const optional = field.required ? null : <span className="font-normal text-muted-foreground"> (optional)</span>
  const label = (
    <>
      {field.label}
      {optional}
    </>
  )
  const labelNode = hideLabel ? <span className="sr-only">{label}</span> : label
  const hint = field.hint ? (
    <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
      {field.hint}
    </p>
  ) : null
  const describedBy = [field.hint ? `${id}-hint` : null, errorId].filter(Boolean).join(' ') || undefined

  switch (field.kind) {
    case 'choice':
      if (field.options.length <= 4)
        return (
          <ChoiceGroup
            name={id}
            legend={labelNode}
            columns={field.options.length <= 2 ? 2 : 1}
            className="sm:[&>div]:grid-cols-3"
            choices={field.options.map((o) => ({ value: o, label: optionLabel(field, o) }))}
            value={typeof value === 'string' ? value : ''}
            onValueChange={(v) => onChange(v)}
            error={error}
          />
        )
      return (
        <div className="flex flex-col gap-2">
          <Label htmlFor={id}>{labelNode}</Label>
          {hint}
          <NativeSelect
            id={id}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value || undefined)}
            aria-invalid={!!error}
            aria-describedby={describedBy}
          >
            <option value="">Choose…</option>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {optionLabel(field, o)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )
    case 'multi': {
      const chosen = Array.isArray(value) ? (value as string[]) : []
      return (
        <fieldset className="flex flex-col gap-2" aria-describedby={describedBy} aria-invalid={!!error || undefined}>
          <legend className="mb-2 text-sm font-medium">{labelNode}</legend>
          {hint}
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {field.options.map((o) => (
              <label
                key={o}
                className="flex items-center gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.includes(o)}
                  onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((c) => c !== o))}
                />
                {o}
              </label>
            ))}
          </div>
          <FieldError id={errorId}>{error}</FieldError>
        </fieldset>
      )
    }
    case 'boolean':
      return (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="flex items-start gap-2 text-sm font-medium">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={value === true}
              onChange={(e) => onChange(e.target.checked ? true : undefined)}
              aria-describedby={describedBy}
            />
            <span>{label}</span>
          </label>
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )
    case 'repeat':
      return <RepeatInput field={field} value={value} onChange={onChange} idPrefix={id} error={error} />
    default: {
      const alt = field.kind === 'date' ? field.options[0] : undefined
      const isAlt = alt !== undefined && value === alt
      return (
        <div className="flex flex-col gap-2">
          <Label htmlFor={id}>{labelNode}</Label>
          {hint}
          {field.kind === 'text' && LONG_TEXT.test(field.path) ? (
            <Textarea
              id={id}
              rows={3}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={describedBy}
            />
          ) : (
            <Input
              id={id}
              type={field.kind === 'date' ? 'date' : field.kind === 'number' ? 'number' : 'text'}
              inputMode={field.kind === 'number' ? 'decimal' : undefined}
              step={field.kind === 'number' ? 'any' : undefined}
              className={field.kind === 'text' ? undefined : 'max-w-xs'}
              disabled={isAlt}
              value={isAlt ? '' : typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
              onChange={(e) => {
                const raw = e.target.value
                if (field.kind === 'number') onChange(raw === '' ? undefined : Number(raw))
                else onChange(raw)
              }}
              aria-invalid={!!error}
              aria-describedby={describedBy}
            />
          )}
          {alt !== undefined && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={isAlt}
                onChange={(e) => onChange(e.target.checked ? alt : undefined)}
              />
              {alt}
            </label>
          )}
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )
    }
  }
}

/** A list of items (TA10's other items), each with the item's own fields; add and remove items. */
function RepeatInput({
  field,
  value,
  onChange,
  idPrefix,
  error,
}: {
  field: FormFieldModel
  value: unknown
  onChange: (value: unknown) => void
  idPrefix: string
  error?: string
}) {
  const items = Array.isArray(value) ? (value as Answers[]) : []
  const update = (i: number, item: Answers) => onChange(items.map((it, j) => (j === i ? item : it)))
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{field.label}</legend>
      {items.length === 0 && (
        <p className="text-sm text-muted-foreground">None. Leave this list empty if there is nothing to add.</p>
      )}
      <ol className="flex flex-col gap-3">
        {items.map((item, i) => (
          <li key={i} className="flex flex-col gap-3 rounded-lg border p-3">
            <div className="flex items-center justify-between">
              <span className="text-sm font-semibold">Item {i + 1}</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(items.filter((_, j) => j !== i))}
                aria-label={`Remove item ${i + 1}`}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
            {(field.item_fields ?? [])
              .filter((f) => isShown(f, item))
              .map((f) => (
                <FieldInput
                  key={f.path}
                  field={f}
                  value={getAt(item, f.path)}
                  onChange={(v) => update(i, setAt(item, f.path, v))}
                  idPrefix={`${idPrefix}-${i}`}
                />
              ))}
          </li>
        ))}
      </ol>
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...items, {}])}>
          <Plus aria-hidden="true" />
          Add an item
        </Button>
      </div>
      <FieldError>{error}</FieldError>
    </fieldset>
  )
}
