/**
 * The demo firms on Pro: every firm a demo account belongs to gets an active monthly subscription
 * in the sandbox with a seat per member, so the demo professionals land on working tools whatever
 * the date (a firm's own trial would lapse 30 days after the seed). Idempotent: a firm that already
 * has a billing account keeps it.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

/** Subscribes the demo accounts' firms; `emails` are the demo accounts' addresses. */
export async function subscribeDemoFirms(database: Database, emails: string[], now: Date): Promise<void> {
  const lower = emails.map((e) => e.toLowerCase())
  await database.db.execute(sql`insert into billing_accounts (organization_id, provider, customer_ref, subscription_ref,
      status, interval, seats, current_period_start, current_period_end)
    select o.id, 'sandbox', 'cus_sandbox_demo_' || replace(o.id::text, '-', ''), 'sub_sandbox_demo_' || replace(o.id::text, '-', ''),
      'active', 'month', greatest((select count(*) from organization_members m where m.organization_id = o.id and m.removed_at is null), 1),
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz + interval '1 year'
    from organizations o
    where exists (select 1 from organization_members om join profiles p on p.id = om.profile_id
      where om.organization_id = o.id and om.removed_at is null and lower(p.email) = any(${`{${lower.join(',')}}`}::text[]))
    on conflict (organization_id) do nothing`)
}
