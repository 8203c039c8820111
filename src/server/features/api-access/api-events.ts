/**
 * Audit entries of the open API: creating and revoking a token, registering and removing a webhook
 * endpoint and replacing its secret. A person's own go to their security events; a firm's go to the
 * firm's activity (firm.* kinds, core/audit/firm-events.ts), on the account of the admin who
 * acted. Written in the same database transaction as the change; `detail` never holds a secret.
 */
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { securityEvents } from '#server/db/schema/index.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import type { ApiOwner } from '#server/access/api-access.ts'
import { firmName, recordFirmEvent } from '#server/core/audit/firm-events.ts'

const FIRM_KIND = {
  'api_token.created': 'firm.api_key_created',
  'api_token.revoked': 'firm.api_key_revoked',
  'webhook.created': 'firm.webhook_created',
  'webhook.removed': 'firm.webhook_removed',
  'webhook.secret_rotated': 'firm.webhook_secret_rotated',
} as const

export type ApiEventKind = keyof typeof FIRM_KIND

/** Appends the audit entry of `kind` for the owner (the viewer's own, or their firm's). */
export async function recordApiEvent(
  tx: Tx,
  options: {
    viewer: Viewer
    owner: ApiOwner
    kind: ApiEventKind
    detail: Record<string, unknown>
    origin?: ClientInfo
  },
): Promise<void> {
  const { viewer, owner, kind, detail, origin } = options
  if (owner.organizationId) {
    await recordFirmEvent(tx, {
      viewer,
      kind: FIRM_KIND[kind],
      organizationId: owner.organizationId,
      firmName: await firmName(tx, owner.organizationId),
      detail,
      origin,
    })
    return
  }
  await tx.insert(securityEvents).values({
    userId: viewer.authId,
    kind,
    detail,
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent?.slice(0, 500) ?? null,
  })
}
