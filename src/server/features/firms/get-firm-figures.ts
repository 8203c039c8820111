/**
 * GET /api/firm/figures: the viewer's firm's matters, live, completed and cancelled moves and members, read
 * from the one definition (src/server/core/firm-figures.ts) that the accreditation page and
 * onboarding use too. The firm is the one the viewer is a current member of; none gives null.
 */
import type { FirmFiguresResponse } from '#shared/contracts/firms.ts'
import { firmIdsOfViewer } from '#server/access/firms.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { readFirmFigures } from '#server/core/firm-figures.ts'

export async function getFirmFigures({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<FirmFiguresResponse> {
  const [firmId] = await firmIdsOfViewer(database.db, viewer)
  if (!firmId) return { figures: null }
  const f = await readFirmFigures(database.db, firmId)
  if (!f) return { figures: null }
  return {
    figures: {
      organization_id: f.org_id,
      matters: f.matters,
      live: f.live,
      completed: f.completed,
      cancelled: f.cancelled,
      members: f.members,
    },
  }
}
