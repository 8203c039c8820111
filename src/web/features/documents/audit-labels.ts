import type { AuditVerifyResponse } from '#shared/contracts/activity.ts'

const REASONS: Record<NonNullable<AuditVerifyResponse['first_broken']>['reason'], string> = {
  hash_mismatch: 'its contents no longer match its hash',
  prev_hash_mismatch: 'it does not point to the entry before it',
  seq_gap: 'an entry before it is missing',
  missing_hash: 'it has no hash',
  summary_mismatch: 'its wording was changed',
  bad_signature: 'the signed checkpoint for it is not genuine',
  checkpoint_mismatch: 'it differs from what the server signed',
  entries_missing: 'it was signed by the server but is no longer there',
  unsigned_entry: 'it was never signed by the server',
}

/**
 * The audit verifier's answer in words: 'Intact: all 12 entries link up.' (and, when some are kept
 * from the viewer, how many they can see), or 'Broken at entry 7:
 * its contents no longer match its hash. Entries from there on cannot be trusted.'
 */
export function auditVerifyText(result: AuditVerifyResponse): string {
  if (result.intact && result.entries === 0) return 'Intact: nothing has been recorded yet.'
  const hidden = result.entries - result.visible_entries
  // Every entry is checked, also those kept to other people on the move (decision 052): say so.
  const shown =
    hidden > 0
      ? ` You can see ${result.visible_entries} of them; the other ${hidden} ${hidden === 1 ? 'is' : 'are'} for other people on this move and ${hidden === 1 ? 'was' : 'were'} checked too.`
      : ''
  if (result.intact)
    return `Intact: all ${result.entries} entr${result.entries === 1 ? 'y links' : 'ies link'} up, from the first to the latest.${shown}`
  const broken = result.first_broken
  if (!broken) return 'Not intact.'
  const where = broken.seq === null ? 'an entry' : `entry ${broken.seq}`
  const yours = broken.seq !== null && broken.id === null && hidden > 0 ? ' (one you cannot see)' : ''
  return `Broken at ${where}${yours}: ${REASONS[broken.reason]}. Entries from there on cannot be trusted.`
}
