import { useId } from 'react'
import { ACCOUNT_LANGUAGE_LABELS, ACCOUNT_LANGUAGES, type AccountLanguage } from '#shared/domain/account-language.ts'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { notify } from '#web/lib/toast.ts'
import { useAccountProfile, useUpdateLanguage } from '../api'

/**
 * Language ('Iaith'): English or Cymraeg, saved as soon as it is chosen; emails greet the person in
 * it ('Annwyl …'). The pages themselves stay in English (decision 067).
 */
export function LanguageCard() {
  const id = useId()
  const profile = useAccountProfile()
  const update = useUpdateLanguage()
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          Language
        </CardTitle>
        <CardDescription>
          The language your emails greet you in. Dewiswch Gymraeg i gael cyfarchiad Cymraeg yn eich negeseuon e-bost.
        </CardDescription>
      </CardHeader>
      {profile.isPending ? (
        <Skeleton className="h-10 w-48" />
      ) : profile.isError ? (
        <p className="text-sm text-destructive">{profile.error.message}</p>
      ) : (
        <div className="flex max-w-xs flex-col gap-2">
          <Label htmlFor={`${id}-select`}>Language for emails</Label>
          <NativeSelect
            id={`${id}-select`}
            value={profile.data.language}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { fullName: profile.data.fullName, language: e.target.value as AccountLanguage },
                {
                  onSuccess: (saved) =>
                    notify.success(saved.language === 'cy' ? 'Iaith wedi’i chadw: Cymraeg' : 'Language saved: English'),
                  onError: (err) => notify.error('Could not save the language', err.message),
                },
              )
            }
          >
            {ACCOUNT_LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {ACCOUNT_LANGUAGE_LABELS[l]}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </Card>
  )
}
