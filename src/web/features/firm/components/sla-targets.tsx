import { useState, type FormEvent } from 'react'
import { PutSlaSettingsInput, type SlaSettings } from '#shared/contracts/enquiries.ts'
import type { SlaClockType } from '#shared/domain/sla-clocks.ts'
import { SLA_MAX_WORKING_DAYS, SLA_MIN_WORKING_DAYS } from '#shared/domain/sla-clocks.ts'
import { bankHolidayDataWarning, londonDate } from '#shared/domain/working-days.ts'
import { LoadFailed, LoadingRows } from '#web/components/query-states.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { notify } from '#web/lib/toast.ts'
import { usePutSlaSettings, useSlaSettings } from '../api'

/**
 * The firm's SLA targets, one per clock type, in working days (Monday to Friday without bank
 * holidays). Admins change them (validated with PutSlaSettingsInput: 1 to 60); the new targets apply
 * to clocks that start afterwards. Other members read them.
 */
export function SlaTargets({ orgId, admin }: { orgId: string; admin: boolean }) {
  const settings = useSlaSettings(orgId)
  // A year before the bank holiday list ends, admins are told to refresh it (the clocks count working days by it).
  const holidayWarning = bankHolidayDataWarning(londonDate(new Date()))
  return (
    <section aria-labelledby="sla-heading" className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <div>
        <h2 id="sla-heading" className="text-lg font-semibold">
          SLA targets
        </h2>
        <p className="text-sm text-muted-foreground">
          Working days for each clock on the firm&apos;s matters. A change applies to clocks that start afterwards.
          {admin ? '' : ' Only an admin changes them.'}
        </p>
        {admin && holidayWarning ? (
          <p role="status" className="text-sm font-medium text-destructive" data-testid="bank-holiday-warning">
            {holidayWarning}
          </p>
        ) : null}
      </div>
      {settings.isPending ? (
        <LoadingRows label="Loading SLA targets" rows={4} rowClassName="h-10" />
      ) : settings.isError ? (
        <LoadFailed what="the SLA targets" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : admin ? (
        // Keyed by the saved targets, so that the form starts again from them after a save.
        <SlaForm key={settings.data.clocks.map((c) => c.working_days).join()} orgId={orgId} settings={settings.data} />
      ) : (
        <dl className="divide-y">
          {settings.data.clocks.map((c) => (
            <div key={c.clock_type} className="flex items-start justify-between gap-3 py-2">
              <dt>
                <div className="font-medium">{c.label}</div>
                <div className="text-xs text-muted-foreground">{c.description}</div>
              </dt>
              <dd className="shrink-0 font-medium">{c.working_days} working days</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}

function SlaForm({ orgId, settings }: { orgId: string; settings: SlaSettings }) {
  const put = usePutSlaSettings(orgId)
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.clocks.map((c) => [c.clock_type, String(c.working_days)])),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = PutSlaSettingsInput.safeParse({
      clocks: settings.clocks.map((c) => ({
        clock_type: c.clock_type,
        working_days: values[c.clock_type]?.trim() === '' ? NaN : Number(values[c.clock_type]),
      })),
    })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        const index = issue.path[1]
        const type = typeof index === 'number' ? settings.clocks[index]?.clock_type : undefined
        if (type && !next[type])
          next[type] = Number.isNaN(Number(values[type]))
            ? `Enter a whole number of working days, ${SLA_MIN_WORKING_DAYS} to ${SLA_MAX_WORKING_DAYS}`
            : issue.message
      }
      setErrors(next)
      const first = Object.keys(next)[0]
      if (first) document.getElementById(`sla-${first}`)?.focus()
      return
    }
    setErrors({})
    put.mutate(parsed.data, {
      onSuccess: () => notify.success('SLA targets saved', 'New clocks on the firm’s matters use them.'),
      onError: (err) => notify.error('Could not save the SLA targets', err.message),
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="SLA targets">
      <fieldset disabled={put.isPending} className="flex flex-col gap-3">
        {settings.clocks.map((c) => {
          const id = `sla-${c.clock_type}`
          const error = errors[c.clock_type as SlaClockType]
          return (
            <div key={c.clock_type} className="grid gap-1 border-b pb-3 sm:grid-cols-[1fr_8rem] sm:items-center">
              <div>
                <Label htmlFor={id}>{c.label}</Label>
                <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                  {c.description} · Homeward&apos;s default: {c.default_working_days}
                </p>
              </div>
              <div>
                <Input
                  id={id}
                  inputMode="numeric"
                  aria-invalid={!!error}
                  aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                  value={values[c.clock_type] ?? ''}
                  onChange={(e) => setValues({ ...values, [c.clock_type]: e.target.value })}
                />
                <FieldError id={`${id}-error`}>{error}</FieldError>
              </div>
            </div>
          )
        })}
        <div>
          <Button type="submit">{put.isPending ? 'Saving…' : 'Save SLA targets'}</Button>
        </div>
      </fieldset>
    </form>
  )
}
