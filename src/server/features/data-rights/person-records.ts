/**
 * Every database column that points at a person (a foreign key to profiles or to Better Auth's
 * "user"), and where 'Download my data' puts the person's rows of it (issue 39: "every other record
 * of the person"). A value is the export file that holds them; OTHER_RECORDS puts the table's rows
 * in other-records.json as they are stored (secrets left out: SECRET_COLUMN); a value starting
 * "not exported:" says why (always because the row is someone else's record, or a secret, and what the
 * person did there is in activity.json). person-records.integration.test.ts reads the live schema and
 * fails when a column pointing at a person is missing here, so a new table cannot be forgotten.
 */
import type { Database } from '#server/db/client.ts'

/** The table's rows of the person go to other-records.json. */
export const OTHER_RECORDS = 'other-records.json'

const ACTIVITY = 'not exported: a record of the move kept by its people; what you did there is in activity.json'

/** `table.column` -> where its rows of the person are exported (see the module comment). */
export const PERSON_COLUMNS: Record<string, string> = {
  'account.user_id': 'account.json',
  'profiles.auth_id': 'account.json',
  'user_roles.user_id': 'account.json',
  'two_factor.user_id': 'not exported: two-factor secrets and backup codes only (account.json says whether it is on)',
  'session.user_id': 'sessions.json',
  'security_events.user_id': 'security-events.json',
  'transactions.buyer_user_id': 'transactions.json',
  'transactions.seller_user_id': 'transactions.json',
  'transactions.created_by': 'transactions.json',
  'transactions.archived_by': OTHER_RECORDS,
  'transaction_participants.user_id': 'transactions.json',
  'transaction_participants.invited_by': ACTIVITY,
  'transaction_participants.appointed_by': ACTIVITY,
  'messages.author_id': 'messages.json',
  'message_threads.created_by': OTHER_RECORDS,
  'message_mentions.profile_id': OTHER_RECORDS,
  'thread_reads.profile_id': OTHER_RECORDS,
  'notifications.profile_id': 'notifications.json',
  'notifications.actor_id':
    'not exported: other people’s notifications of what you did (what you did is in activity.json)',
  'notification_settings.profile_id': 'notifications.json',
  'update_requests.requested_by': 'notifications.json',
  'update_requests.answered_by': OTHER_RECORDS,
  'invitations.invited_by': 'invitations.json',
  'invitations.accepted_by': 'invitations.json',
  'invitations.decided_by': OTHER_RECORDS,
  'signature_request_signers.user_id': 'signatures.json',
  'signature_requests.requested_by': 'signatures.json',
  'activity_events.actor_id': 'activity.json',
  'documents.uploaded_by': 'documents.json',
  'document_upload_keys.user_id': 'not exported: upload encryption keys only (the files are in files/)',
  'support_messages.profile_id': 'support.json',
  'home_logbooks.owner_id': 'logbooks.json',
  'logbook_documents.added_by': 'logbooks.json',
  'logbook_entries.created_by': 'logbooks.json',
  'identity_checks.profile_id': 'identity-checks.json',
  'cdd_records.client_profile_id':
    'not exported: your conveyancer’s client due diligence record (their record under the Money Laundering Regulations; your checks are in identity-checks.json)',
  'cdd_records.decided_by': ACTIVITY,
  'cdd_records.identity_reviewed_by': ACTIVITY,
  'funding_gifts.giftor_profile_id': 'gifts.json',
  'funding_gifts.created_by': 'source-of-funds.json',
  'bank_consents.profile_id': 'source-of-funds.json',
  'funding_explanations.created_by': 'source-of-funds.json',
  'funding_plans.reviewed_by': OTHER_RECORDS,
  'deposit_payee_checks.profile_id': OTHER_RECORDS,
  'deposits.set_by': OTHER_RECORDS,
  'deposit_approvals.approver_id': OTHER_RECORDS,
  'deposit_releases.requested_by': OTHER_RECORDS,
  'ledger_entries.created_by': ACTIVITY,
  'property_forms.updated_by': OTHER_RECORDS,
  'property_forms.signed_by': OTHER_RECORDS,
  'property_form_signatures.profile_id': OTHER_RECORDS,
  'purchaser_tax_answers.profile_id': OTHER_RECORDS,
  'property_form_evidence.added_by': OTHER_RECORDS,
  'tasks.completed_by': ACTIVITY,
  'timeline_stages.blocked_by': ACTIVITY,
  'chain_links.requested_by': OTHER_RECORDS,
  'chain_links.responded_by': OTHER_RECORDS,
  'chain_date_proposals.proposed_by': OTHER_RECORDS,
  'chain_date_responses.responded_by': OTHER_RECORDS,
  'chain_date_mover_answers.profile_id': OTHER_RECORDS,
  'enquiries.raised_by': OTHER_RECORDS,
  'enquiries.logged_by': OTHER_RECORDS,
  'enquiry_replies.author_id': OTHER_RECORDS,
  'enquiry_replies.client_id': OTHER_RECORDS,
  'enquiry_reply_links.sent_by': OTHER_RECORDS,
  'title_checks.requested_by': OTHER_RECORDS,
  'off_platform_parties.recorded_by': OTHER_RECORDS,
  'sale_weekly_updates.seller_id': OTHER_RECORDS,
  'sale_weekly_updates.sent_by': OTHER_RECORDS,
  'agent_sales.created_by': OTHER_RECORDS,
  'mortgage_cases.broker_profile_id': OTHER_RECORDS,
  'mortgage_dips.created_by': OTHER_RECORDS,
  'mortgage_recommendations.created_by': OTHER_RECORDS,
  'survey_bookings.booked_by': OTHER_RECORDS,
  'survey_bookings.paid_by': OTHER_RECORDS,
  'survey_payouts.paid_by': OTHER_RECORDS,
  'surveyors.profile_id': OTHER_RECORDS,
  'billing_invoices.payer_profile_id': OTHER_RECORDS,
  'checkout_sessions.created_by': OTHER_RECORDS,
  'completion_fees.payer_profile_id': OTHER_RECORDS,
  'completion_fee_acceptances.payer_profile_id': OTHER_RECORDS,
  'marketplace_reviews.reviewer_profile_id': OTHER_RECORDS,
  'academy_quiz_attempts.profile_id': OTHER_RECORDS,
  'cpd_records.profile_id': OTHER_RECORDS,
  'api_tokens.profile_id': OTHER_RECORDS,
  'api_tokens.revoked_by': OTHER_RECORDS,
  'webhook_endpoints.profile_id': OTHER_RECORDS,
  'organization_members.profile_id': OTHER_RECORDS,
  'organization_members.removed_by': OTHER_RECORDS,
  'organization_invitations.invited_by': OTHER_RECORDS,
  'organization_invitations.accepted_by': OTHER_RECORDS,
  'matters.fee_earner_id': OTHER_RECORDS,
  'matter_unread.profile_id': OTHER_RECORDS,
  'sla_settings.updated_by': OTHER_RECORDS,
  'standard_enquiry_lists.updated_by': OTHER_RECORDS,
}

/** Columns never exported: secrets, keys and sealed values (their opened content is exported where it is the person's). */
export const SECRET_COLUMN = /(secret|token|hash|sealed|_key|password|nonce|ciphertext)/i

/** The tables Better Auth keeps by auth id ("user"); every other column points at profiles. */
const BY_AUTH_ID = new Set(['account', 'two_factor', 'session', 'security_events', 'profiles'])

/**
 * other-records.json: for each table with a column in PERSON_COLUMNS marked OTHER_RECORDS, the rows
 * where it is the person, as stored, without SECRET_COLUMN columns; keyed by `table.column`.
 * Table and column names come from PERSON_COLUMNS, never from a request.
 */
export async function collectOtherRecords(
  database: Database,
  ids: { profileId: string; authId: string },
): Promise<Record<string, unknown[]>> {
  const entries = Object.entries(PERSON_COLUMNS).filter(([, where]) => where === OTHER_RECORDS)
  const results = await Promise.all(
    entries.map(async ([key]) => {
      const [table, column] = key.split('.') as [string, string]
      const id = BY_AUTH_ID.has(table) ? ids.authId : ids.profileId
      const found = await database.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(x) as row from "${table}" x where x."${column}" = $1`,
        [id],
      )
      const clean = found.map(({ row }) =>
        Object.fromEntries(Object.entries(row).filter(([name]) => !SECRET_COLUMN.test(name))),
      )
      return [key, clean] as const
    }),
  )
  return Object.fromEntries(results.filter(([, list]) => list.length > 0))
}
