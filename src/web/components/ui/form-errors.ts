import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '#web/lib/api-error.ts'

/**
 * Shows a 400's per-field messages (`error.fields`, keyed by field path) at the matching form
 * fields. Only fields the form knows are set; returns true when at least one was, so the caller can
 * skip a generic toast. The first field set receives focus.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: ReadonlyArray<Path<T>>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false
  let applied = false
  for (const [path, messages] of Object.entries(error.fields)) {
    const field = knownFields.find((f) => f === path)
    if (!field || !messages[0]) continue
    setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !applied })
    applied = true
  }
  return applied
}
