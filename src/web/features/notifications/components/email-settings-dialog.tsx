import { useState } from 'react'
import type { NotificationSettings } from '#shared/contracts/notifications.ts'
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '#shared/domain/chat.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { notify } from '#web/lib/toast.ts'
import { useNotificationSettings, useSaveNotificationSettings } from '../api'

/**
 * Which notifications also come by email, one switch per kind, and the daily digest (one email a
 * day at 08:00 UK time instead of instant ones). Saved with PUT /api/notifications/settings.
 */
export function EmailSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useNotificationSettings({ enabled: open })
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Email settings</DialogTitle>
        <DialogDescription>
          You always see notifications here in the app. Choose which also come by email.
        </DialogDescription>
        {settings.isPending ? (
          <p className="text-sm text-muted-foreground">Loading your settings…</p>
        ) : settings.isError ? (
          <p role="alert" className="text-sm">
            {settings.error.message}
          </p>
        ) : (
          <EmailSettingsForm
            key={JSON.stringify(settings.data)}
            initial={settings.data}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

/**
 * The email settings form, in the bell's dialog and on /app/settings. `onDone` runs after a save or
 * Cancel; without it (the settings page) there is no Cancel and the form stays.
 */
export function EmailSettingsForm({ initial, onDone }: { initial: NotificationSettings; onDone?: () => void }) {
  const [value, setValue] = useState(initial)
  const save = useSaveNotificationSettings()
  return (
    <form
      noValidate
      aria-label="Email settings"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(value, {
          onSuccess: () => {
            notify.success('Email settings saved')
            onDone?.()
          },
          onError: (err) => notify.error('Could not save your email settings', err.message),
        })
      }}
    >
      <fieldset disabled={save.isPending} className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">Email me when</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <div key={kind} className="flex items-center justify-between gap-4">
            <Label htmlFor={`email-${kind}`} className="leading-snug font-normal">
              {NOTIFICATION_KIND_LABELS[kind]}
            </Label>
            <Switch
              id={`email-${kind}`}
              checked={value.email[kind]}
              onCheckedChange={(on) => setValue((v) => ({ ...v, email: { ...v.email, [kind]: on } }))}
            />
          </div>
        ))}
      </fieldset>
      <div className="flex items-center justify-between gap-4 rounded-lg border bg-surface p-3">
        <Label htmlFor="email-digest" className="flex flex-col items-start gap-1 leading-snug">
          Daily digest instead
          <span className="text-xs font-normal text-muted-foreground">
            No instant emails: one email each day at 08:00 (UK time) with what happened.
          </span>
        </Label>
        <Switch
          id="email-digest"
          checked={value.digest}
          disabled={save.isPending}
          onCheckedChange={(on) => setValue((v) => ({ ...v, digest: on }))}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit">{save.isPending ? 'Saving…' : 'Save settings'}</Button>
      </div>
    </form>
  )
}
