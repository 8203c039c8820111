import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { AvailabilityInput, type ScheduleResponse } from '#shared/contracts/surveys.ts'
import { WEEKDAY_LABELS } from '#shared/domain/surveys.ts'
import { Button } from '#web/components/ui/button.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FieldError, FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSaveAvailability } from '../api'

const FIELDS = ['travel_buffer_minutes', 'notice_hours', 'hours', 'days_off'] as const

/** 540 -> '09:00'. */
export const minuteToTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
/** '09:00' -> 540; an empty or partial time -> NaN, which the schema refuses. */
const timeToMinute = (value: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(value)
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN
}

/**
 * The surveyor's availability (PUT /api/schedule/availability) with react-hook-form and the shared
 * AvailabilityInput schema: periods of weekly hours (UK time), days off, the travel buffer after
 * each visit and the notice buyers must give to move or cancel. Saving replaces all of them.
 */
export function AvailabilityForm({ data, onDone }: { data: ScheduleResponse; onDone: () => void }) {
  const save = useSaveAvailability()
  const form = useForm<AvailabilityInput>({
    resolver: zodResolver(AvailabilityInput),
    defaultValues: {
      travel_buffer_minutes: data.travel_buffer_minutes,
      notice_hours: data.notice_hours,
      hours: data.set_up
        ? data.hours
        : [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start_minute: 9 * 60, end_minute: 17 * 60 })),
      days_off: data.days_off,
    },
  })
  const hours = useFieldArray({ control: form.control, name: 'hours' })
  const watchedHours = useWatch({ control: form.control, name: 'hours' })
  const [newDayOff, setNewDayOff] = useState('')
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        notify.success('Availability saved', 'Buyers see slots inside these hours.')
        onDone()
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, FIELDS)) notify.error('Could not save', err.message)
      },
    ),
  )
  const hoursError = errors.hours?.message ?? errors.hours?.root?.message
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Availability">
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Weekly hours (UK time)</legend>
          {hours.fields.length === 0 ? <p className="text-sm text-muted-foreground">No hours: no slots.</p> : null}
          <ul className="flex flex-col gap-2">
            {hours.fields.map((field, i) => {
              const rowError =
                errors.hours?.[i]?.weekday?.message ??
                errors.hours?.[i]?.start_minute?.message ??
                errors.hours?.[i]?.end_minute?.message
              return (
                <li
                  key={field.id}
                  className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
                >
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`hours-${i}-day`}>Day</Label>
                    <NativeSelect
                      id={`hours-${i}-day`}
                      {...form.register(`hours.${i}.weekday`, { valueAsNumber: true })}
                    >
                      {WEEKDAY_LABELS.map((label, d) => (
                        <option key={label} value={d + 1}>
                          {label}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:contents">
                    {(['start_minute', 'end_minute'] as const).map((key) => (
                      <Controller
                        key={key}
                        control={form.control}
                        name={`hours.${i}.${key}`}
                        render={({ field: f, fieldState }) => (
                          <div className="flex flex-col gap-1">
                            <Label htmlFor={`hours-${i}-${key}`}>{key === 'start_minute' ? 'From' : 'To'}</Label>
                            <Input
                              id={`hours-${i}-${key}`}
                              type="time"
                              step={900}
                              aria-invalid={!!fieldState.error}
                              value={Number.isNaN(f.value) ? '' : minuteToTime(f.value)}
                              onChange={(e) => f.onChange(timeToMinute(e.target.value))}
                              onBlur={f.onBlur}
                              ref={f.ref}
                            />
                          </div>
                        )}
                      />
                    ))}
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    className="col-start-2 row-start-1 self-end sm:col-start-auto sm:row-start-auto"
                    aria-label={`Remove ${WEEKDAY_LABELS[(watchedHours[i]?.weekday ?? 1) - 1]} hours`}
                    onClick={() => hours.remove(i)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                  {rowError ? <FieldError>{rowError}</FieldError> : null}
                </li>
              )
            })}
          </ul>
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => hours.append({ weekday: 6, start_minute: 9 * 60, end_minute: 13 * 60 })}
            >
              <Plus aria-hidden="true" /> Add hours
            </Button>
          </div>
          <FieldError>{hoursError}</FieldError>
        </fieldset>
        <Controller
          control={form.control}
          name="days_off"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">Days off</legend>
              {field.value.length === 0 ? (
                <p className="text-sm text-muted-foreground">No days off coming up.</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {field.value.map((day) => (
                    <li key={day} className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm">
                      {formatUkDate(`${day}T12:00:00Z`)}
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-7"
                        aria-label={`Remove day off ${formatUkDate(`${day}T12:00:00Z`)}`}
                        onClick={() => field.onChange(field.value.filter((d) => d !== day))}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex items-end gap-2">
                <div className="flex flex-col gap-1">
                  <Label htmlFor="day-off-new">Add a day off</Label>
                  <Input
                    id="day-off-new"
                    type="date"
                    value={newDayOff}
                    onChange={(e) => setNewDayOff(e.target.value)}
                  />
                </div>
                <Button
                  type="button"
                  variant="outline"
                  disabled={!newDayOff}
                  onClick={() => {
                    if (!field.value.includes(newDayOff)) field.onChange([...field.value, newDayOff].sort())
                    setNewDayOff('')
                  }}
                >
                  Add
                </Button>
              </div>
              <FieldError>{errors.days_off?.message}</FieldError>
            </fieldset>
          )}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="travel-buffer"
            label="Travel buffer after each visit (minutes)"
            error={errors.travel_buffer_minutes?.message}
          >
            {(f) => (
              <Input
                {...f}
                type="number"
                inputMode="numeric"
                min={0}
                max={240}
                {...form.register('travel_buffer_minutes', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField
            id="notice-hours"
            label="Notice to move or cancel (hours)"
            hint="Buyers cannot move or cancel a visit on Homeward closer to it than this."
            error={errors.notice_hours?.message}
          >
            {(f) => (
              <Input
                {...f}
                type="number"
                inputMode="numeric"
                min={0}
                max={336}
                {...form.register('notice_hours', { valueAsNumber: true })}
              />
            )}
          </FormField>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{save.isPending ? 'Saving…' : 'Save availability'}</Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  )
}
