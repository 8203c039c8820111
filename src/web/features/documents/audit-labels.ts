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
 * The audit verifier's answer in words: 'Intact: all 12 entries link up.' or 'Broken at entry 7:
 * its contents no longer match its hash. Entries from there on cannot be trusted.'
 */
export function auditVerifyText(result: AuditVerifyResponse): string {
  if (result.intact && result.entries === 0) return 'Intact: nothing has been recorded yet.'
  if (result.intact)
    return `Intact: all ${result.entries} entr${result.entries === 1 ? 'y links' : 'ies link'} up, from the first to the latest.`
  const broken = result.first_broken
  if (!broken) return 'Not intact.'
  const where = broken.seq === null ? 'an entry' : `entry ${broken.seq}`
  return `Broken at ${where}: ${REASONS[broken.reason]}. Entries from there on cannot be trusted.`
}
