import { useState, type FormEvent } from 'react'
import { PutStandardEnquiriesInput } from '#shared/contracts/enquiries.ts'
import {
  ENQUIRY_CATEGORIES,
  ENQUIRY_CATEGORY_LABELS,
  STANDARD_ENQUIRIES_MAX_PER_CATEGORY,
  type EnquiryCategory,
} from '#shared/domain/enquiries.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { LoadFailed, LoadingRows } from '#web/components/query-states.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/form-field.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { usePutStandardEnquiries, useStandardEnquiries } from '../api'
import { planStandardRemoval } from '../standard-list'

/** What a confirmation is about: removing one item, or restoring Homeward's list. */
type Pending = { kind: 'remove'; index: number } | { kind: 'restore' }

/**
 * The firm's standard enquiry lists, one category at a time (the category is in the URL). The buyer's
 * conveyancer raises from these on a matter. Admins add, edit and remove items (each change saves the
 * category's whole list, validated with PutStandardEnquiriesInput) and restore Homeward's list;
 * removing asks first. Others read them.
 */
export function StandardEnquiryLists({
  orgId,
  admin,
  category,
  onCategory,
}: {
  orgId: string
  admin: boolean
  category: EnquiryCategory
  onCategory: (category: EnquiryCategory) => void
}) {
  const lists = useStandardEnquiries(orgId)
  const put = usePutStandardEnquiries(orgId)
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string>()
  const [editing, setEditing] = useState<{ index: number; text: string; error?: string } | null>(null)
  const [pending, setPending] = useState<Pending | null>(null)
  const current = lists.data?.categories.find((c) => c.category === category)
  const items = current?.items ?? []
  const label = ENQUIRY_CATEGORY_LABELS[category]
  const removal = pending?.kind === 'remove' ? planStandardRemoval(category, items, pending.index) : null

  /** Saves the category's list; returns the validation message instead when it is not valid. */
  const save = (next: string[], success: string, done?: () => void): string | undefined => {
    const parsed = PutStandardEnquiriesInput.safeParse({ category, items: next })
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Check the enquiry'
    put.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(
          success,
          `${label}: ${next.length ? pluralise(next.length, 'standard enquiry', 'standard enquiries') : 'Homeward’s standard enquiries'}.`,
        )
        done?.()
      },
      onError: (err) => notify.error('Could not save the list', err.message),
    })
    return undefined
  }

  const onAdd = (e: FormEvent) => {
    e.preventDefault()
    const error = save([...items, draft], 'Enquiry added', () => setDraft(''))
    setDraftError(error)
    if (error) document.getElementById('standard-new')?.focus()
  }

  return (
    <section aria-labelledby="standard-heading" className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <div>
        <h2 id="standard-heading" className="text-lg font-semibold">
          Standard enquiries
        </h2>
        <p className="text-sm text-muted-foreground">
          The lists your buyer&apos;s conveyancers raise from on a matter, per category.
          {admin ? '' : ' Only an admin changes them.'}
        </p>
      </div>
      <div className="flex flex-col gap-1 sm:max-w-sm">
        <Label htmlFor="standard-category">Category</Label>
        <NativeSelect
          id="standard-category"
          value={category}
          onChange={(e) => onCategory(e.target.value as EnquiryCategory)}
        >
          {ENQUIRY_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {ENQUIRY_CATEGORY_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {lists.isPending ? (
        <LoadingRows label="Loading standard enquiries" rows={4} rowClassName="h-8" />
      ) : lists.isError ? (
        <LoadFailed what="the standard enquiries" error={lists.error} onRetry={() => void lists.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={current?.custom ? 'soft' : 'muted'}>
              {current?.custom ? "Your firm's list" : "Homeward's list"}
            </Badge>
            <span className="text-muted-foreground">
              {items.length} of at most {STANDARD_ENQUIRIES_MAX_PER_CATEGORY}
            </span>
            {admin && current?.custom && (
              <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'restore' })}>
                Restore Homeward&apos;s list
              </Button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
              No standard enquiries in this category.
            </p>
          ) : (
            <ol className="flex list-decimal flex-col gap-2 pl-6" aria-label={`${label} enquiries`}>
              {items.map((item, index) => (
                <li key={`${index}-${item}`} data-testid="standard-item" className="text-sm">
                  {editing?.index === index ? (
                    <form
                      className="flex flex-col gap-2"
                      aria-label={`Edit enquiry ${index + 1}`}
                      onSubmit={(e) => {
                        e.preventDefault()
                        const next = items.map((it, i) => (i === index ? editing.text : it))
                        const error = save(next, 'Enquiry saved', () => setEditing(null))
                        if (error) setEditing({ ...editing, error })
                      }}
                    >
                      <Label htmlFor={`standard-edit-${index}`} className="sr-only">
                        Enquiry {index + 1}
                      </Label>
                      <Textarea
                        id={`standard-edit-${index}`}
                        value={editing.text}
                        aria-invalid={!!editing.error}
                        aria-describedby={editing.error ? `standard-edit-${index}-error` : undefined}
                        onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                      />
                      <FieldError id={`standard-edit-${index}-error`}>{editing.error}</FieldError>
                      <div className="flex gap-2">
                        <Button type="submit" size="sm" disabled={put.isPending}>
                          Save
                        </Button>
                        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(null)}>
                          Cancel
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
                      <span className="break-words">{item}</span>
                      {admin && (
                        <span className="flex shrink-0 gap-1">
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Edit enquiry ${index + 1}`}
                            onClick={() => {
                              setEditing({ index, text: item })
                              requestAnimationFrame(() => document.getElementById(`standard-edit-${index}`)?.focus())
                            }}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Remove enquiry ${index + 1}`}
                            onClick={() => setPending({ kind: 'remove', index })}
                          >
                            Remove
                          </Button>
                        </span>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
          {admin && (
            <form noValidate onSubmit={onAdd} aria-label="Add an enquiry" className="flex flex-col gap-2">
              <Label htmlFor="standard-new">Add an enquiry to {label}</Label>
              <Textarea
                id="standard-new"
                value={draft}
                aria-invalid={!!draftError}
                aria-describedby={draftError ? 'standard-new-error' : undefined}
                onChange={(e) => setDraft(e.target.value)}
                rows={2}
              />
              <FieldError id="standard-new-error">{draftError}</FieldError>
              <div>
                <Button type="submit" disabled={put.isPending}>
                  Add enquiry
                </Button>
              </div>
            </form>
          )}
        </>
      )}
      <AlertDialog open={!!pending} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>
            {pending?.kind === 'restore'
              ? `Restore Homeward's ${label} list?`
              : removal?.restores
                ? 'Remove the last enquiry?'
                : 'Remove this enquiry?'}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {pending?.kind === 'restore'
              ? "Your firm's own items in this category are replaced by Homeward's standard list."
              : pending?.kind === 'remove' && removal
                ? removal.restores
                  ? `“${items[pending.index]}” is the last enquiry of your firm's ${label} list. A category always has a list to raise from, so removing it restores Homeward's standard list (${removal.defaultCount} enquiries).`
                  : `“${items[pending.index]}” will no longer be offered on new enquiries.`
                : ''}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={put.isPending}
              onClick={() => {
                if (!pending) return
                if (pending.kind === 'restore' || removal?.restores) save([], 'List restored', () => setPending(null))
                else if (removal) save(removal.next, 'Enquiry removed', () => setPending(null))
              }}
            >
              {pending?.kind === 'restore' ? 'Restore' : removal?.restores ? 'Remove and restore' : 'Remove'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  )
}
