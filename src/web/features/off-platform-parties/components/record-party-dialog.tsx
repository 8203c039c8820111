import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { OffPlatformPartyInput, type OffPlatformParty } from '#shared/contracts/off-platform-parties.ts'
import {
  offPlatformRegulatorProblem,
  regulatorsForRole,
  type OffPlatformRole,
} from '#shared/domain/off-platform-parties.ts'
import { REGULATOR_LABELS } from '#shared/domain/regulators.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx'
import { applyServerFieldErrors } from '#web/components/ui/form-errors.ts'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { notify } from '#web/lib/toast.ts'
import { useRecordOffPlatformParty, useUpdateOffPlatformParty } from '../api'

type FormInput = z.input<typeof OffPlatformPartyInput>
type FormOutput = z.output<typeof OffPlatformPartyInput>

/** The form's schema: the shared contract, and the regulator must be one of the seat's trade. */
const RecordSchema = OffPlatformPartyInput.superRefine((v, ctx) => {
  const problem = offPlatformRegulatorProblem(v.role, v.regulator, v.regulator_number)
  if (problem)
    ctx.addIssue({ code: 'custom', path: [v.regulator ? 'regulator' : 'regulator_number'], message: problem })
})

const FIELDS = ['role', 'firm_name', 'person_name', 'email', 'phone', 'regulator', 'regulator_number'] as const

/**
 * Records (or, given `party`, corrects) a professional who is not on Homeward: the seat, the firm,
 * the person, email, phone and regulator with its number, validated with the shared contract
 * (OffPlatformPartyInput). The regulators offered are the seat's trade's (regulatorsForRole). `seats`
 * are the empty seats the viewer may record (mayRecordOffPlatform); the server is the gate.
 */
export function RecordPartyDialog({
  txId,
  seats,
  party,
  trigger,
  title,
}: {
  txId: string
  seats: readonly OffPlatformRole[]
  party?: OffPlatformParty
  trigger: ReactNode
  title: string
}) {
  const [open, setOpen] = useState(false)
  const record = useRecordOffPlatformParty(txId)
  const update = useUpdateOffPlatformParty(txId)
  const pending = record.isPending || update.isPending
  const defaults = (): FormInput => ({
    role: party?.role ?? seats[0],
    firm_name: party?.firm_name ?? '',
    person_name: party?.person_name ?? '',
    email: party?.email ?? '',
    phone: party?.phone ?? '',
    regulator: party?.regulator ?? null,
    regulator_number: party?.regulator_number ?? '',
  })
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(RecordSchema),
    defaultValues: defaults(),
  })
  const { errors } = form.formState
  const role = useWatch({ control: form.control, name: 'role' })
  const regulators = role ? regulatorsForRole(role) : []

  const onSubmit = form.handleSubmit((values) => {
    const clean = {
      firm_name: values.firm_name,
      person_name: values.person_name || null,
      email: values.email,
      phone: values.phone || null,
      regulator: values.regulator ?? null,
      regulator_number: values.regulator_number || null,
    }
    const done = party
      ? update.mutateAsync({ partyId: party.id, input: clean })
      : record.mutateAsync({ role: values.role, ...clean })
    return done.then(
      (saved) => {
        notify.success(
          party ? 'Record updated' : 'Recorded',
          `${saved.firm_name} shows as ${participantRoleLabel(saved.role)}, not on Homeward.`,
        )
        setOpen(false)
      },
      (err: Error) => {
        if (!applyServerFieldErrors(err, form.setError, [...FIELDS]))
          notify.error(party ? 'Could not update the record' : 'Could not record the firm', err.message)
      },
    )
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return
        if (next) form.reset(defaults())
        setOpen(next)
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="pr-8">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="mt-1">
            For a professional who is not on Homeward. Everyone on this move sees who holds the seat, marked &ldquo;not
            on Homeward&rdquo;, until they join.
          </DialogDescription>
        </div>
        <form noValidate onSubmit={onSubmit} aria-label={title}>
          <fieldset disabled={pending} className="flex flex-col gap-4">
            {party || seats.length < 2 ? (
              <p className="text-sm">
                <span className="font-medium">Their role on this move:</span> {participantRoleLabel(role)}
              </p>
            ) : (
              <FormField id="off-platform-role" label="Their role on this move" error={errors.role?.message}>
                {(f) => (
                  <NativeSelect {...f} {...form.register('role', { onChange: () => form.setValue('regulator', null) })}>
                    {seats.map((s) => (
                      <option key={s} value={s}>
                        {participantRoleLabel(s)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            )}
            <FormField id="off-platform-firm" label="Firm" error={errors.firm_name?.message}>
              {(f) => <Input {...f} autoComplete="organization" {...form.register('firm_name')} />}
            </FormField>
            <FormField
              id="off-platform-person"
              label="Person (optional)"
              hint="The fee earner or your contact there."
              error={errors.person_name?.message}
            >
              {(f) => <Input {...f} autoComplete="off" {...form.register('person_name')} />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="off-platform-email" label="Email" error={errors.email?.message}>
                {(f) => <Input {...f} type="email" autoComplete="off" {...form.register('email')} />}
              </FormField>
              <FormField id="off-platform-phone" label="Phone (optional)" error={errors.phone?.message}>
                {(f) => <Input {...f} type="tel" autoComplete="off" {...form.register('phone')} />}
              </FormField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="off-platform-regulator" label="Regulator (optional)" error={errors.regulator?.message}>
                {(f) => (
                  <NativeSelect {...f} {...form.register('regulator', { setValueAs: (v: string) => v || null })}>
                    <option value="">Not known</option>
                    {regulators.map((r) => (
                      <option key={r} value={r}>
                        {REGULATOR_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField
                id="off-platform-regulator-number"
                label="Regulator number (optional)"
                error={errors.regulator_number?.message}
              >
                {(f) => <Input {...f} autoComplete="off" {...form.register('regulator_number')} />}
              </FormField>
            </div>
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit">{pending ? 'Saving…' : party ? 'Save changes' : 'Record'}</Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  )
}
