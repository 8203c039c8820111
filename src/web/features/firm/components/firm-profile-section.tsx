import { useRef, useState, type FormEvent } from 'react'
import { ImageIcon } from 'lucide-react'
import { UpdateFirmProfileInput, type FirmProfile } from '#shared/contracts/firm-profile.ts'
import {
  FIRM_DESCRIPTION_MAX,
  FIRM_LANGUAGES,
  FIRM_LOGO_MAX_BYTES,
  MAX_FIRM_OFFICES,
  REGULATOR_NUMBER_FORMATS,
  servicesFor,
  type FirmLanguage,
} from '#shared/domain/firm-profile.ts'
import { REGULATOR_LABELS, REGULATORS_BY_ORGANIZATION_TYPE, type Regulator } from '#shared/domain/regulators.ts'
import { organizationPath } from '#shared/paths.ts'
import { LoadFailed, LoadingRows } from '#web/components/query-states.tsx'
import { RegulatorBadge } from '#web/components/regulator-badge.tsx'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#web/components/ui/alert-dialog.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { useFirmProfile, useRemoveFirmLogo, useUpdateFirmProfile, useUploadFirmLogo } from '../api'

/**
 * Firm settings > Public profile: what the marketplace and the firm's public page show. Admins edit
 * the description, logo (uploaded with a progress bar, resized on the server), website, offices with
 * the postcode districts each covers, services, languages, and the regulator and number, which the
 * register checks on save (the badge, or why it is not verified). Others read it. Validated with the
 * shared UpdateFirmProfileInput before sending; the server's field errors show at their fields.
 */
export function FirmProfileSection({ orgId, admin }: { orgId: string; admin: boolean }) {
  const profile = useFirmProfile(orgId)
  return (
    <section aria-labelledby="profile-heading" className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="profile-heading" className="text-lg font-semibold">
            Public profile
          </h2>
          <p className="text-sm text-muted-foreground">
            What the marketplace and your firm&apos;s public page show. With a description, a town and a contact email
            your firm is listed.{admin ? '' : ' Only an admin changes it.'}
          </p>
        </div>
        {profile.data?.listed ? (
          <a className="text-sm underline" href={organizationPath(orgId)}>
            View your public page
          </a>
        ) : null}
      </div>
      {profile.isPending ? (
        <LoadingRows label="Loading the public profile" rows={5} rowClassName="h-10" />
      ) : profile.isError ? (
        <LoadFailed what="the public profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <LogoField orgId={orgId} profile={profile.data} admin={admin} />
          <ProfileForm key={profile.data.updated_at} orgId={orgId} profile={profile.data} admin={admin} />
        </>
      )}
    </section>
  )
}

function LogoField({ orgId, profile, admin }: { orgId: string; profile: FirmProfile; admin: boolean }) {
  const upload = useUploadFirmLogo(orgId)
  const remove = useRemoveFirmLogo(orgId)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const onFile = (file: File | undefined) => {
    if (!file) return
    setError(null)
    if (file.size > FIRM_LOGO_MAX_BYTES) {
      setError('The logo is larger than 5 MB: choose a smaller image.')
      return
    }
    setProgress(0)
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => notify.success('Logo saved', 'Resized for the marketplace and your public page.'),
        onError: (err) => setError(err.message),
        onSettled: () => {
          setProgress(null)
          if (input.current) input.current.value = ''
        },
      },
    )
  }

  return (
    <div className="flex flex-wrap items-center gap-4 border-b pb-4">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
        {profile.logo_url ? (
          <img src={profile.logo_url} alt={`${profile.name} logo`} className="max-h-full max-w-full object-contain" />
        ) : (
          <ImageIcon className="size-8 text-muted-foreground" aria-label="No logo yet" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Label htmlFor="firm-logo">Logo</Label>
        <p id="firm-logo-hint" className="-mt-1 text-xs text-muted-foreground">
          PNG, JPEG, WebP or GIF up to 5 MB. Resized to fit 256 pixels square.
        </p>
        {admin ? (
          <div className="flex flex-wrap items-center gap-2">
            <Input
              ref={input}
              id="firm-logo"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-describedby={`firm-logo-hint${error ? ' firm-logo-error' : ''}`}
              aria-invalid={!!error}
              disabled={upload.isPending}
              className="max-w-xs"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            {profile.logo_url ? (
              <AlertDialog open={confirmRemove} onOpenChange={setConfirmRemove}>
                <AlertDialogTrigger asChild>
                  <Button type="button" variant="outline" size="sm" disabled={remove.isPending}>
                    Remove logo
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogTitle>Remove the logo?</AlertDialogTitle>
                  <AlertDialogDescription>
                    The marketplace and your public page show no logo until you upload another.
                  </AlertDialogDescription>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Keep it</AlertDialogCancel>
                    <Button
                      variant="destructive"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(undefined, {
                          onSuccess: () => notify.success('Logo removed'),
                          onError: (err) => notify.error('Could not remove the logo', err.message),
                          onSettled: () => setConfirmRemove(false),
                        })
                      }
                    >
                      Remove logo
                    </Button>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            ) : null}
          </div>
        ) : null}
        {progress !== null ? (
          <div className="flex items-center gap-2">
            <Progress value={progress} aria-label="Uploading the logo" className="max-w-xs" />
            <span className="text-xs text-muted-foreground" aria-live="polite">
              {progress < 100 ? `${progress}%` : 'Resizing…'}
            </span>
          </div>
        ) : null}
        <FieldError id="firm-logo-error">{error}</FieldError>
      </div>
    </div>
  )
}

interface OfficeDraft {
  address: string
  postcode: string
  districts: string
}

const splitDistricts = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean)

function ProfileForm({ orgId, profile, admin }: { orgId: string; profile: FirmProfile; admin: boolean }) {
  const update = useUpdateFirmProfile(orgId)
  const services = servicesFor(profile.type)
  const regulators = REGULATORS_BY_ORGANIZATION_TYPE[profile.type]
  const [v, setV] = useState(() => ({
    description: profile.description ?? '',
    town: profile.town ?? '',
    postcode_district: profile.postcode_district ?? '',
    contact_email: profile.contact_email ?? '',
    website: profile.website ?? '',
    services: profile.services,
    languages: profile.languages,
    regulator: (profile.regulator ?? '') as Regulator | '',
    regulator_number: profile.regulator_number ?? '',
  }))
  const [offices, setOffices] = useState<OfficeDraft[]>(() =>
    profile.offices.map((o) => ({ address: o.address, postcode: o.postcode, districts: o.districts.join(', ') })),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (patch: Partial<typeof v>) => setV((prev) => ({ ...prev, ...patch }))
  const toggle = (list: string[], key: string, on: boolean) => (on ? [...list, key] : list.filter((k) => k !== key))
  const err = (path: string) => errors[path]

  const showErrors = (fields: Record<string, string[] | string>) => {
    const next: Record<string, string> = {}
    for (const [path, messages] of Object.entries(fields)) {
      const key = path.replace(/^offices\.(\d+)\.districts\.\d+$/, 'offices.$1.districts')
      next[key] ??= Array.isArray(messages) ? (messages[0] ?? '') : messages
    }
    setErrors(next)
    const first = Object.keys(next)[0]
    if (first) document.getElementById(`profile-${first.replace(/\./g, '-')}`)?.focus()
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const input = {
      ...v,
      regulator: v.regulator || null,
      regulator_number: v.regulator ? v.regulator_number : null,
      offices: offices.map((o) => ({
        address: o.address,
        postcode: o.postcode,
        districts: splitDistricts(o.districts),
      })),
    }
    const parsed = UpdateFirmProfileInput.safeParse(input)
    if (!parsed.success) {
      const fields: Record<string, string> = {}
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message
      showErrors(fields)
      return
    }
    setErrors({})
    // The parse passed: the same values go, as typed (the server parses them again).
    update.mutate(input as UpdateFirmProfileInput, {
      onSuccess: (saved) => {
        const check = saved.regulator_check
        if (check && check.status !== 'verified')
          notify.error('Profile saved, regulator not verified', check.message ?? '')
        else notify.success('Profile saved', saved.listed ? 'Your firm is listed in the marketplace.' : undefined)
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) showErrors(error.fields)
        notify.error('Could not save the profile', error.message)
      },
    })
  }

  const check = profile.regulator_check
  const format = v.regulator ? REGULATOR_NUMBER_FORMATS[v.regulator] : null

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Public profile">
      <fieldset disabled={!admin || update.isPending} className="flex min-w-0 flex-col gap-4">
        <FormField
          id="profile-description"
          label="Description"
          hint={`What your firm does and for whom, in up to ${FIRM_DESCRIPTION_MAX} characters.`}
          error={err('description')}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={5}
              value={v.description}
              maxLength={FIRM_DESCRIPTION_MAX}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="profile-town" label="Town" error={err('town')}>
            {(c) => <Input {...c} value={v.town} onChange={(e) => set({ town: e.target.value })} />}
          </FormField>
          <FormField id="profile-postcode_district" label="Postcode district" error={err('postcode_district')}>
            {(c) => (
              <Input {...c} value={v.postcode_district} onChange={(e) => set({ postcode_district: e.target.value })} />
            )}
          </FormField>
          <FormField id="profile-contact_email" label="Contact email" error={err('contact_email')}>
            {(c) => (
              <Input
                {...c}
                type="email"
                value={v.contact_email}
                onChange={(e) => set({ contact_email: e.target.value })}
              />
            )}
          </FormField>
        </div>
        <FormField
          id="profile-website"
          label="Website"
          hint="Such as https://www.yourfirm.co.uk"
          error={err('website')}
        >
          {(c) => <Input {...c} inputMode="url" value={v.website} onChange={(e) => set({ website: e.target.value })} />}
        </FormField>

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="text-sm font-medium">Offices</legend>
          <p className="text-xs text-muted-foreground">
            Each office&apos;s address and postcode, and the postcode districts it covers (such as AL1, AL3, SW1A).
          </p>
          {offices.length === 0 ? <p className="text-sm text-muted-foreground">No offices listed yet.</p> : null}
          {offices.map((o, i) => (
            <div key={i} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-start">
              <FormField
                id={`profile-offices-${i}-address`}
                label={`Office ${i + 1} address`}
                error={err(`offices.${i}.address`)}
              >
                {(c) => (
                  <Input
                    {...c}
                    value={o.address}
                    onChange={(e) =>
                      setOffices(offices.map((x, j) => (j === i ? { ...x, address: e.target.value } : x)))
                    }
                  />
                )}
              </FormField>
              <FormField id={`profile-offices-${i}-postcode`} label="Postcode" error={err(`offices.${i}.postcode`)}>
                {(c) => (
                  <Input
                    {...c}
                    value={o.postcode}
                    onChange={(e) =>
                      setOffices(offices.map((x, j) => (j === i ? { ...x, postcode: e.target.value } : x)))
                    }
                  />
                )}
              </FormField>
              <FormField
                id={`profile-offices-${i}-districts`}
                label="Districts covered"
                error={err(`offices.${i}.districts`)}
              >
                {(c) => (
                  <Input
                    {...c}
                    placeholder="AL1, AL3, AL4"
                    value={o.districts}
                    onChange={(e) =>
                      setOffices(offices.map((x, j) => (j === i ? { ...x, districts: e.target.value } : x)))
                    }
                  />
                )}
              </FormField>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="sm:mt-7"
                onClick={() => setOffices(offices.filter((_, j) => j !== i))}
              >
                Remove office {i + 1}
              </Button>
            </div>
          ))}
          {offices.length < MAX_FIRM_OFFICES ? (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setOffices([...offices, { address: '', postcode: '', districts: '' }])}
              >
                Add an office
              </Button>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="text-sm font-medium">Services</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {Object.entries(services).map(([key, label]) => (
              <label key={key} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={v.services.includes(key)}
                  onChange={(e) => set({ services: toggle(v.services, key, e.target.checked) })}
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError>{err('services')}</FieldError>
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="text-sm font-medium">Languages you speak with clients</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {(Object.entries(FIRM_LANGUAGES) as [FirmLanguage, string][]).map(([code, label]) => (
              <label key={code} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={v.languages.includes(code)}
                  onChange={(e) => set({ languages: toggle(v.languages, code, e.target.checked) })}
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError>{err('languages')}</FieldError>
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="text-sm font-medium">Regulator</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-regulator" label="Regulated by" error={err('regulator')}>
              {(c) => (
                <NativeSelect
                  {...c}
                  value={v.regulator}
                  onChange={(e) => set({ regulator: e.target.value as Regulator | '' })}
                >
                  <option value="">Not given</option>
                  {regulators.map((r) => (
                    <option key={r} value={r}>
                      {REGULATOR_LABELS[r]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              id="profile-regulator_number"
              label="Registration number"
              hint={format ? `As the register shows it, such as ${format.example}` : 'Choose the regulator first'}
              error={err('regulator_number')}
            >
              {(c) => (
                <Input
                  {...c}
                  disabled={!v.regulator}
                  value={v.regulator_number}
                  onChange={(e) => set({ regulator_number: e.target.value })}
                />
              )}
            </FormField>
          </div>
          {check ? (
            check.status === 'verified' ? (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <RegulatorBadge regulator={profile.regulator} status={check.status} checkedBy={check.checked_by} />
                {check.registered_name ? (
                  <span className="text-muted-foreground">Registered as {check.registered_name}</span>
                ) : null}
              </div>
            ) : (
              <p
                role="status"
                data-testid="regulator-unverified"
                className="rounded-md border border-amber-600 bg-amber-50 p-2 text-sm text-amber-950"
              >
                {check.message}
              </p>
            )
          ) : null}
        </fieldset>

        {admin ? (
          <div>
            <Button type="submit">{update.isPending ? 'Saving…' : 'Save profile'}</Button>
          </div>
        ) : null}
      </fieldset>
    </form>
  )
}
