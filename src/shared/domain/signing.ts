/**
 * E-signing states: a signature request is pending until every signer has signed
 * (completed), one declines (declined) or the requester cancels it (cancelled); each signer is
 * pending, signed or declined, and signs with a typed name or a drawn signature. The database's CHECK
 * constraints on signature_requests and signature_request_signers hold the same lists.
 */
export const SIGNATURE_REQUEST_STATUSES = ['pending', 'completed', 'declined', 'cancelled'] as const
export type SignatureRequestStatus = (typeof SIGNATURE_REQUEST_STATUSES)[number]

export const SIGNER_STATUSES = ['pending', 'signed', 'declined'] as const
export type SignerStatus = (typeof SIGNER_STATUSES)[number]

export const SIGNATURE_METHODS = ['typed', 'drawn'] as const
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number]
