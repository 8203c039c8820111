/**
 * POST /api/transactions/{txId}/title-checks: a conveyancer on the move obtains the official copy of
 * the register from the land registry provider and checks it against the move (titleFlags in
 * src/shared/domain/title-check.ts). The provider is asked before anything is written; then the PDF is
 * stored and, in one database transaction, the check, its PDF in the Property folder, the move's title
 * number (when it had none), the audit entry and the tick of "Official copies of the register … obtained"
 * (core/timeline tickTask, issue 38) are written together.
 * Errors: 404 off the move; 403 for anyone but its conveyancers; 422 for a title HMLR does not know;
 * 429 past the move's limit (core/limits.ts TITLE_CHECK).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { TitleCheck } from '#shared/contracts/title-checks.ts'
import { titleFlags } from '#shared/domain/title-check.ts'
import { lockTransactionForViewer, readViewerRole } from '#server/access/transactions.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { IdRow, oneRow } from '#server/db/rows.ts'
import { AppError } from '#server/core/errors.ts'
import { enforceLimit, TITLE_CHECK } from '#server/core/limits.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import { LandRegistryError, type LandRegistryProvider } from '#server/providers/land-registry/index.ts'
import { filePdf, storePdf } from '#server/core/documents/save-generated-pdf.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { renderRegisterPdf } from './render-register-pdf'
import { readTitleChecks } from './title-check-rows'

/** Who runs title checks: the move's conveyancers (and their firm's members, who act in that role). */
export const TITLE_CHECK_ROLES: readonly string[] = ['buyer_conveyancer', 'seller_conveyancer']

const NOT_A_CONVEYANCER = "Only the move's conveyancers obtain official copies of the register."

export async function runTitleCheck(opts: {
  database: Database
  storage: ObjectStorage
  provider: LandRegistryProvider
  viewer: Viewer
  txId: string
  input: { title_number: string }
  /** Where the tick's notification emails link to and whether they leave. */
  notify: NotificationDelivery
  ip?: string | null
}): Promise<TitleCheck> {
  const { database, viewer, txId, provider } = opts
  const titleNumber = opts.input.title_number
  const move = await database.db.transaction(async (tx) => {
    const role = await readViewerRole(tx, viewer, txId)
    if (!TITLE_CHECK_ROLES.includes(role)) throw new AppError('forbidden', NOT_A_CONVEYANCER)
    // Per move, counted once the viewer may run checks on it and committed before the paid call.
    await enforceLimit(tx, TITLE_CHECK, txId)
    const res = await tx.execute(sql`
      select p.postcode,
             (select full_name from profiles where id = ${viewer.profileId}) as checked_by,
             coalesce((select array_agg(distinct pr.full_name) from profiles pr
                        where pr.id in (select user_id from transaction_participants
                                         where transaction_id = ${txId} and role = 'seller'
                                        union select seller_user_id from transactions
                                         where id = ${txId} and seller_user_id is not null)), '{}') as sellers
        from properties p where p.transaction_id = ${txId}`)
    return oneRow(z.object({ postcode: z.string(), checked_by: z.string(), sellers: z.array(z.string()) }), res)
  })

  let register
  try {
    register = await provider.officialCopy(titleNumber)
  } catch (err) {
    if (err instanceof LandRegistryError && (err.reason === 'unknown_title' || err.reason === 'not_configured'))
      throw new AppError('unprocessable', err.message)
    if (err instanceof LandRegistryError) {
      throw new AppError('database_unavailable', `HM Land Registry could not answer: ${err.message} Try again shortly.`)
    }
    throw err
  }
  const { flags } = titleFlags(register, { sellers: move.sellers, postcode: move.postcode })
  const checkedAt = new Date()
  const bytes = await renderRegisterPdf({
    register,
    flags,
    checkedAt,
    checkedBy: move.checked_by,
    sandbox: provider.name === 'sandbox',
  })
  const stored = await storePdf(opts.storage, txId, bytes)
  try {
    const id = await database.db.transaction(async (tx) => {
      const { role } = await lockTransactionForViewer(tx, viewer, txId)
      if (!TITLE_CHECK_ROLES.includes(role)) throw new AppError('forbidden', NOT_A_CONVEYANCER)
      const doc = await filePdf(tx, {
        txId,
        folder: 'Property',
        filename: `Register ${titleNumber}.pdf`,
        stored,
        actorId: viewer.profileId,
        summary: `filed the register summary of ${titleNumber}`,
        // Title papers are contract papers: both clients and both conveyancers (decision 051).
        audience: 'clients_and_conveyancers',
        ip: opts.ip,
      })
      const inserted = await tx.execute(sql`
        insert into title_checks (transaction_id, title_number, provider, requested_by, register, flags, document_id, checked_at)
        values (${txId}, ${titleNumber}, ${provider.name}, ${viewer.profileId}, ${JSON.stringify(register)}::jsonb,
                ${JSON.stringify(flags)}::jsonb, ${doc.id}, ${checkedAt.toISOString()}::timestamptz)
        returning id`)
      await tx.execute(
        sql`update properties set title_number = ${titleNumber} where transaction_id = ${txId} and title_number is null`,
      )
      await recordActivity(tx, {
        transactionId: txId,
        actorId: viewer.profileId,
        kind: 'title.checked',
        summary: `checked the register of ${titleNumber}: ${flags.length ? `${flags.length} ${flags.length === 1 ? 'flag' : 'flags'} to look into` : 'no flags'}`,
        payload: { titleNumber, flags: flags.map((f) => f.kind), provider: provider.name },
        ip: opts.ip,
      })
      // The official copies are obtained, flags or not (flags are for enquiries): the step is done.
      await tickTask(tx, {
        txId,
        task: { title: TASK_TITLES.officialCopies },
        status: 'completed',
        actorId: viewer.profileId,
        reason: `: the register of ${titleNumber} was obtained in Homeward`,
        notify: opts.notify,
        ip: opts.ip,
      })
      return oneRow(IdRow, inserted).id
    })
    const [check] = await readTitleChecks(database.db, txId, id)
    return check!
  } catch (err) {
    await stored.discard()
    throw err
  }
}
