/**
 * Data rights under UK GDPR: download my data (art. 15 and 20) and delete my
 * account (art. 17). The export is a ZIP, so only the deletion has a JSON contract.
 * Decisions: docs/decisions/011-data-rights.md.
 */
import { z } from 'zod'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

/** The word a person may type instead of their email to confirm deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE'

/**
 * The name every other party sees in place of a deleted person's: on the profile, in chat mentions, in
 * signature certificates rendered after the deletion and in the audit trail (migration
 * 0013 keeps the database's erasure function in step).
 */
export const DELETED_USER_NAME = 'Former participant'

/** Years after a move ends that the professionals keep its records (Money Laundering Regulations 2017, reg. 40). */
export const AML_RETENTION_YEARS = 5

/** What the settings page says before and after deletion about the documents that stay. */
export const AML_RETENTION_NOTICE =
  'Documents you shared on a move stay with that move for 5 years after it ends, because anti-money-laundering law ' +
  'requires the professionals to keep them (Money Laundering Regulations 2017, regulation 40). On those moves ' +
  'you will appear as ‘Former participant’. Your identity check and the client due diligence records your ' +
  'conveyancers made from it are kept for the same 5 years, then deleted; an identity check no move relies on is deleted now.'

/** Body of POST /api/account/delete: the email (or DELETE) typed out, and the current password. */
export const DeleteAccountInput = z.object({
  confirmation: z
    .string({ message: `Type your email address or ${DELETE_CONFIRMATION_WORD} to confirm` })
    .trim()
    .min(1, `Type your email address or ${DELETE_CONFIRMATION_WORD} to confirm`)
    .max(254),
  password: z.string({ message: 'Enter your current password' }).min(1, 'Enter your current password').max(128),
})
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>

/** Answer of POST /api/account/delete: what was removed and what stays for the other parties. */
export const DeleteAccountResult = z.object({
  deleted: z.literal(true),
  /** Moves on which the person's documents and messages stay, under 'Former participant'. */
  retainedTransactions: z.number().int(),
  /** Documents (every version counted) kept on those moves for AML record keeping. */
  retainedDocuments: z.number().int(),
  /** Drafts only the person was on, emptied of their documents and messages. */
  removedDrafts: z.number().int(),
  /** Stored files removed (those on removed drafts). */
  removedFiles: z.number().int(),
  notice: z.string(),
})
export type DeleteAccountResult = z.infer<typeof DeleteAccountResult>

/** The data-rights endpoints. */
export const dataRightsEndpoints = {
  export: endpoint({
    method: 'get',
    path: '/account/export',
    summary: "Download the viewer's data: a ZIP of JSON files and every file version they uploaded",
    responses: {
      200: {
        description: 'ZIP (Content-Disposition: attachment; filename="homeward-data-<yyyy-mm-dd>.zip")',
        content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
      },
      429: { description: 'Too many exports in the last hour' },
      ...ERRORS,
    },
  }),
  deleteAccount: endpoint({
    method: 'post',
    path: '/account/delete',
    summary: "Delete the viewer's account (typed confirmation and current password); signs out",
    request: { body: jsonBody(DeleteAccountInput) },
    responses: {
      200: json('Deleted; the session cookie is cleared', DeleteAccountResult),
      403: { description: 'Current password not right: nothing was deleted' },
      429: { description: 'Too many wrong passwords' },
      ...ERRORS,
    },
  }),
}
