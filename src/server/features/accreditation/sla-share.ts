/**
 * SLA met share per organization, 0..1, for the Silver criterion "SLA above 70%".
 *
 * Plug-in point: SLA clocks (table `sla_clocks`) are being built beside this engine. Until they are
 * merged there is no clock to measure, so every organization answers null, which the tier rules
 * show as "No data yet" (src/shared/domain/tiers.ts) and never as a made-up figure. When they land,
 * return here the clocks' met share per organization (met over stopped-or-breached deadlines),
 * null for an organization with no clock yet.
 */
import type { Tx } from '../../db/client'

export async function slaMetShareByOrganization(
  _tx: Tx,
  organizationIds: readonly string[],
): Promise<Map<string, number | null>> {
  return new Map(organizationIds.map((id) => [id, null]))
}
