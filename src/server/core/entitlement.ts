/**
 * Whether a firm has Pro: on its trial (30 days from its first member joining, or the date its
 * billing account sets), or on a live subscription (trialing, active or past due, and not past the
 * end of a period it was cancelled at). The professional tools (the cases board, SLA clocks, enquiry
 * templates, the agent's portfolio, the surveyor's calendar) are refused with 402 and a link to the
 * billing page when the viewer's firm has lapsed; nothing is deleted, so re-subscribing brings it all
 * back. Pro is bought per firm (docs/decisions/033-billing-and-pro.md); a professional with no firm has
 * a personal trial from sign-up, then the same gate (docs/decisions/049-pro-gate.md). Each Pro tool's
 * router is built with createProRouter, so every endpoint of the tool passes the same gate.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  BILLING_INTERVALS,
  LIVE_SUBSCRIPTION_STATUSES,
  PRO_TRIAL_DAYS,
  SUBSCRIPTION_STATUSES,
  type BillingInterval,
  type SubscriptionStatus,
} from '#shared/domain/billing.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import { MEMBER_ROLES, type MemberRole } from '#shared/domain/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { parseJsonText, type Database, type Tx } from '#server/db/client.ts'
import { firstRow, Timestamp } from '#server/db/rows.ts'
import type { MiddlewareHandler } from 'hono'
import { isProfessional } from '#shared/domain/academy.ts'
import { createRouter, requireViewer, type AppEnv } from '#server/http/router.ts'
import { AppError } from './errors'

/** The billing page's path in the web app. */
export const BILLING_PAGE = '/app/firm/billing'

export interface FirmPlan {
  organizationId: string
  firmName: string
  status: SubscriptionStatus
  interval: BillingInterval | null
  seats: number
  customerRef: string | null
  subscriptionRef: string | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  trialEndsAt: Date | null
  membersCount: number
  pro: boolean
  state: 'trial' | 'subscribed' | 'cancelling' | 'lapsed'
}

/** A firm with its billing account (left-joined: every column of the account may be null). */
const Row = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  seats: z.number().nullable(),
  customer_ref: z.string().nullable(),
  subscription_ref: z.string().nullable(),
  current_period_end: Timestamp.nullable(),
  cancel_at_period_end: z.boolean().nullable(),
  trial_ends_at: Timestamp.nullable(),
  members: z.number(),
})
type Row = z.output<typeof Row>

/** Reads a firm's plan (in `tx` when given, so that a caller holding the firm's lock reads its own writes). */
export async function firmPlan(db: Tx | Database['db'], organizationId: string, now = new Date()): Promise<FirmPlan> {
  const res = await db.execute(sql`select o.id, o.name, ba.status, ba.interval, ba.seats, ba.customer_ref,
      ba.subscription_ref, ba.current_period_end, ba.cancel_at_period_end,
      coalesce(ba.trial_ends_at, (select min(joined_at) from organization_members m where m.organization_id = o.id)
        + make_interval(days => ${PRO_TRIAL_DAYS})) as trial_ends_at,
      (select count(*) from organization_members m where m.organization_id = o.id and m.removed_at is null)::int as members
    from organizations o left join billing_accounts ba on ba.organization_id = o.id where o.id = ${organizationId}`)
  const r = firstRow(Row, res)
  if (!r) throw new AppError('not_found', 'Could not find this firm.')
  const plan = proState(r, now)
  return {
    organizationId: r.id,
    firmName: r.name,
    status: plan.status,
    interval: r.interval,
    seats: r.seats ?? 0,
    customerRef: r.customer_ref,
    subscriptionRef: r.subscription_ref,
    currentPeriodEnd: plan.currentPeriodEnd,
    cancelAtPeriodEnd: !!r.cancel_at_period_end,
    trialEndsAt: plan.trialEndsAt,
    membersCount: r.members,
    pro: plan.pro,
    state: plan.state,
  }
}

/** The columns of a firm's billing that decide Pro (timestamps as ISO text or Date; null when unset). */
type ProColumns = Pick<Row, 'status' | 'cancel_at_period_end'> & {
  current_period_end: string | Date | null
  trial_ends_at: string | Date | null
}

/**
 * Whether those columns give Pro at `now`: a live subscription (trialing, active or past due, not
 * past the end of a period it was cancelled at), or the trial not yet ended.
 */
function proState(r: ProColumns, now: Date) {
  const status = r.status ?? 'none'
  const currentPeriodEnd = r.current_period_end ? new Date(r.current_period_end) : null
  const trialEndsAt = r.trial_ends_at ? new Date(r.trial_ends_at) : null
  const live =
    (LIVE_SUBSCRIPTION_STATUSES as readonly SubscriptionStatus[]).includes(status) &&
    !(r.cancel_at_period_end && currentPeriodEnd && currentPeriodEnd <= now)
  const onTrial = !!trialEndsAt && trialEndsAt > now
  const state: FirmPlan['state'] = live
    ? r.cancel_at_period_end
      ? 'cancelling'
      : 'subscribed'
    : onTrial
      ? 'trial'
      : 'lapsed'
  return { status, currentPeriodEnd, trialEndsAt, pro: live || onTrial, state }
}

/** The viewer's current firm and role, or null. */
export async function viewerFirm(
  db: Tx | Database['db'],
  viewer: Viewer,
): Promise<{ organizationId: string; role: MemberRole } | null> {
  const res = await db.execute(sql`select organization_id, role from organization_members
    where profile_id = ${viewer.profileId} and removed_at is null limit 1`)
  const r = firstRow(z.object({ organization_id: z.string(), role: z.enum(MEMBER_ROLES) }), res)
  return r ? { organizationId: r.organization_id, role: r.role } : null
}

/**
 * SQL of a boolean: whether the firm of the `organizations` row aliased `o`, left-joined to its
 * `billing_accounts` row aliased `ba`, has Pro at the timestamptz SQL `now`; the rule of proState
 * (a live subscription, or the trial not yet ended), for a statement that gates itself (the cases
 * board's). False, never null.
 */
export function firmHasProSql(now: string): string {
  return `coalesce((coalesce(ba.status, 'none') in (${LIVE_SUBSCRIPTION_STATUSES.map((st) => `'${st}'`).join(', ')})
      and not coalesce(ba.cancel_at_period_end and ba.current_period_end <= ${now}, false))
    or coalesce(ba.trial_ends_at,
      (select min(m.joined_at) from organization_members m where m.organization_id = o.id)
        + make_interval(days => ${Number(PRO_TRIAL_DAYS)})) > ${now}, false)`
}

/**
 * The viewer's firm's Pro state in one named prepared statement (the Pro check runs before every
 * request of the Pro tools, the cases board among them): the same membership as viewerFirm and the
 * same columns as firmPlan, as JSON text; no row when the viewer is in no firm.
 * Parameter: $1 the viewer's profile id.
 */
export const PRO_GATE_SQL = `select json_build_object('firm', om.organization_id is not null, 'role', om.role,
    'name', o.name, 'status', ba.status, 'current_period_end', ba.current_period_end,
    'cancel_at_period_end', ba.cancel_at_period_end,
    'trial_ends_at', case when om.organization_id is null
      then p.created_at + make_interval(days => ${Number(PRO_TRIAL_DAYS)})
      else coalesce(ba.trial_ends_at,
        (select min(m.joined_at) from organization_members m where m.organization_id = o.id)
          + make_interval(days => ${Number(PRO_TRIAL_DAYS)})) end)::text
  from profiles p
  left join organization_members om on om.profile_id = p.id and om.removed_at is null
  left join organizations o on o.id = om.organization_id
  left join billing_accounts ba on ba.organization_id = o.id
  where p.id = $1 limit 1`

type ProGateRow = ProColumns & { firm: boolean; role: MemberRole | null; name: string | null }

/** The firm page of the web app, where a professional sets up their firm. */
export const FIRM_PAGE = '/app/firm'

/**
 * Throws 402 ('payment_required') when the viewer has no Pro: `tool` names what was asked for ("The
 * cases board"). A professional in a firm has Pro while the firm does; a professional with no firm
 * has a personal trial of PRO_TRIAL_DAYS from sign-up, then is asked to set up their firm (whose own
 * trial then starts) and subscribe (docs/decisions/049-pro-gate.md). A viewer who is not a
 * professional is not gated here: the tools' use cases refuse them (403 or 404) as before. The
 * message says when Pro ended, that the data is kept, and where to go. One named prepared statement
 * (PRO_GATE_SQL). Used by every Pro router (proGate, createProRouter) and the cases board.
 */
export async function assertPro(database: Database, viewer: Viewer, tool: string, now = new Date()): Promise<void> {
  const text = await database.queryJson<ProGateRow>('billing_pro_gate', PRO_GATE_SQL, [viewer.profileId])
  if (!text) return
  const firm = parseJsonText(text)
  if (!firm.firm && !isProfessional(viewer.roles)) return
  const plan = proState(firm, now)
  if (plan.pro) return
  if (!firm.firm) {
    throw new AppError(
      'payment_required',
      `${tool} is part of Homeward Pro. Your free trial ended${plan.trialEndsAt ? ` on ${ukDate(plan.trialEndsAt)}` : ''}. Set up your firm on the firm page (${FIRM_PAGE}) to start its free trial, then subscribe; your data is kept.`,
    )
  }
  const ended =
    plan.status !== 'none' && plan.currentPeriodEnd
      ? `${firm.name}'s Pro plan ended on ${ukDate(plan.currentPeriodEnd)}`
      : `${firm.name}'s free trial ended${plan.trialEndsAt ? ` on ${ukDate(plan.trialEndsAt)}` : ''}`
  const who = firm.role === 'admin' ? 'Subscribe' : 'Ask an admin of your firm to subscribe'
  throw new AppError(
    'payment_required',
    `${tool} is part of Homeward Pro. ${ended}. ${who} on the billing page (${BILLING_PAGE}); your firm's data is kept.`,
  )
}

/** The Pro gate as route middleware: 402 before the input is read when the viewer has no Pro (assertPro). */
export function proGate(database: Database, tool: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertPro(database, requireViewer(c), tool)
    await next()
  }
}

/** Every endpoint a Pro router gates, with its tool: the Pro routes' table test walks it. */
const gatedEndpoints = new Map<string, { method: string; path: string; tool: string }>()

/** The endpoints gated by Pro routers built so far (by createProRouter), as `{ method, path, tool }`. */
export function proGatedEndpoints(): { method: string; path: string; tool: string }[] {
  return [...gatedEndpoints.values()]
}

/**
 * A feature router (http/router.ts createRouter) for a Pro tool: every route added to it passes the
 * Pro gate (proGate) after the session check and before its input is validated, so a new endpoint of
 * the tool cannot be left ungated. `tool` names the tool in the 402 ("The sales portfolio").
 */
export function createProRouter(database: Database, tool: string) {
  const router = createRouter()
  const openapi = router.openapi
  const gate = proGate(database, tool)
  // The cast is the library's generic, as in createRouter: the route keeps its own type.
  router.openapi = ((route, handler, hook) => {
    const own =
      route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware]
    gatedEndpoints.set(`${route.method} ${route.path}`, { method: route.method, path: route.path, tool })
    return openapi({ ...route, middleware: [...own, gate] }, handler, hook)
  }) as typeof router.openapi
  return router
}
