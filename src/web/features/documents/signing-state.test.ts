import { describe, expect, it } from 'vitest'
import type { SignatureRequest } from '#shared/contracts/signing.ts'
import { awaitingSignature, canSignNow, requestForVersion, signatureStatusText } from './signing-state'

const signer = (user_id: string, sort_index: number, status: 'pending' | 'signed' | 'declined' = 'pending') => ({
  id: `s-${user_id}`,
  user_id,
  full_name: `Person ${user_id}`,
  sort_index,
  status,
  consented_at: null,
  signed_at: null,
  method: null,
  declined_reason: status === 'declined' ? 'wrong date' : null,
})

const request = (over: Partial<SignatureRequest> = {}): SignatureRequest => ({
  id: 'r1',
  transaction_id: 't',
  document_id: 'd1',
  document_sha256: 'a'.repeat(64),
  provider: 'builtin',
  status: 'pending',
  in_order: false,
  page: null,
  message: null,
  requested_by: { id: 'a', full_name: 'Person a' },
  signed_document_id: null,
  signed_sha256: null,
  created_at: '2025-01-01T00:00:00Z',
  completed_at: null,
  cancelled_at: null,
  signers: [signer('a', 0), signer('b', 1)],
  ...over,
})

describe('canSignNow', () => {
  it('lets any pending signer sign when not in order', () => {
    expect(canSignNow(request(), 'b')).toBe(true)
    expect(canSignNow(request(), 'z')).toBe(false)
  })
  it('in order, only the first who has not signed', () => {
    const r = request({ in_order: true })
    expect(canSignNow(r, 'a')).toBe(true)
    expect(canSignNow(r, 'b')).toBe(false)
    expect(canSignNow(request({ in_order: true, signers: [signer('a', 0, 'signed'), signer('b', 1)] }), 'b')).toBe(true)
  })
  it('never on a request that is not pending, or after signing', () => {
    expect(canSignNow(request({ status: 'cancelled' }), 'a')).toBe(false)
    expect(canSignNow(request({ signers: [signer('a', 0, 'signed')] }), 'a')).toBe(false)
  })
  it('lists what waits for a person', () => {
    expect(awaitingSignature([request(), request({ id: 'r2', status: 'completed' })], 'a').map((r) => r.id)).toEqual([
      'r1',
    ])
  })
})

describe('requestForVersion and signatureStatusText', () => {
  it('prefers the pending request and finds completed ones by the signed version too', () => {
    const done = request({ id: 'old', status: 'completed', signed_document_id: 'd2' })
    expect(requestForVersion([request({ id: 'new' }), done], 'd1')?.id).toBe('new')
    expect(requestForVersion([done], 'd2')?.id).toBe('old')
    expect(requestForVersion([done], 'd9')).toBeUndefined()
  })
  it('says where the request stands', () => {
    expect(signatureStatusText(request())).toBe('Waiting for 2 of 2 signatures')
    expect(signatureStatusText(request({ signers: [signer('a', 0, 'signed')] }))).toBe('Waiting for 0 of 1 signature')
    expect(signatureStatusText(request({ status: 'completed' }))).toBe('Signed by everyone')
    expect(signatureStatusText(request({ status: 'declined', signers: [signer('b', 0, 'declined')] }))).toBe(
      'Declined by Person b: wrong date',
    )
  })
})
