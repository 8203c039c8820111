import type { SignatureRequest } from '#shared/contracts/signing.ts'

type Signer = SignatureRequest['signers'][number]

/** The request that concerns one version: its pending one, else the newest (requests come newest first). */
export function requestForVersion(
  requests: ReadonlyArray<SignatureRequest>,
  versionId: string,
): SignatureRequest | undefined {
  const own = requests.filter((r) => r.document_id === versionId || r.signed_document_id === versionId)
  return own.find((r) => r.status === 'pending') ?? own[0]
}

/** The signer whose turn it is: in order, the first not yet signed; otherwise null (anyone pending may sign). */
export function nextInOrder(request: SignatureRequest): Signer | null {
  if (!request.in_order || request.status !== 'pending') return null
  return [...request.signers].sort((a, b) => a.sort_index - b.sort_index).find((s) => s.status !== 'signed') ?? null
}

/**
 * Whether `profileId` may sign `request` now: it is pending, they are a pending signer, and (when
 * signing in order) everyone before them has signed. Mirrors the server's 403 and 409 rules.
 */
export function canSignNow(request: SignatureRequest, profileId: string | undefined): boolean {
  if (!profileId || request.status !== 'pending') return false
  const me = request.signers.find((s) => s.user_id === profileId)
  if (!me || me.status !== 'pending') return false
  const next = nextInOrder(request)
  return !next || next.user_id === profileId
}

/** Pending requests the viewer may sign now, newest first: 'Waiting for your signature'. */
export function awaitingSignature(
  requests: ReadonlyArray<SignatureRequest>,
  profileId: string | undefined,
): SignatureRequest[] {
  return requests.filter((r) => canSignNow(r, profileId))
}

/**
 * One line for a request's state: 'Waiting for 1 of 2 signatures', 'Signed by everyone',
 * 'Declined by Ben Seller: wrong address', 'Cancelled'.
 */
export function signatureStatusText(request: SignatureRequest): string {
  const signed = request.signers.filter((s) => s.status === 'signed').length
  switch (request.status) {
    case 'completed':
      return 'Signed by everyone'
    case 'cancelled':
      return 'Cancelled by the requester'
    case 'declined': {
      const who = request.signers.find((s) => s.status === 'declined')
      return who ? `Declined by ${who.full_name}: ${who.declined_reason ?? 'no reason given'}` : 'Declined'
    }
    default: {
      const left = request.signers.length - signed
      return `Waiting for ${left} of ${request.signers.length} signature${request.signers.length === 1 ? '' : 's'}`
    }
  }
}
