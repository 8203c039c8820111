/**
 * Authenticate before validating: signed out, every operation of the OpenAPI
 * document that is not declared public answers 401, whatever its params, query and body, so no
 * route tells a stranger the names of the fields it expects. Iterating the document means a new
 * route cannot escape the rule.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/test-app'

interface Operation {
  security?: unknown[]
}
interface OpenApiDocument {
  security?: Array<Record<string, string[]>>
  paths: Record<string, Record<string, Operation>>
}

const t = useTestApp()
let doc: OpenApiDocument
beforeAll(async () => {
  doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument
})

const operations = (filter: (op: Operation) => boolean) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => filter(op))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  )
const isPublic = (op: Operation) => Array.isArray(op.security) && op.security.length === 0

/** Bodies a stranger might send: none, empty JSON, broken JSON, the wrong shape. */
const BODIES: Array<string | undefined> = [undefined, '{}', '{', '{"unexpected":[1,2,3]}']
/** Params: a well-formed id, and values no route accepts. */
const PARAMS = ['00000000-0000-4000-8000-000000000000', 'not-an-id', '%00']

describe('signed out', () => {
  it('the document requires the session cookie by default and names the public operations', () => {
    expect(doc.security).toEqual([{ session: [] }])
    expect(
      operations(isPublic)
        .map((o) => `${o.method} ${o.path}`)
        .sort(),
    ).toEqual([
      'GET /api/auth-providers',
      'GET /api/calendar-feeds/{token}',
      'GET /api/certificates/{number}',
      'GET /api/enquiry-links/{token}',
      'GET /api/firm-invitations/{token}',
      'GET /api/firm-logos/{orgId}/{file}',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      'GET /api/invitations/{token}',
      'GET /api/marketing-claims',
      'GET /api/organizations',
      'GET /api/organizations/{orgId}',
      'POST /api/enquiry-links/{token}/enquiries/{enquiryId}/replies',
      'POST /api/enquiry-links/{token}/uploads',
      'POST /api/support/inbound',
      'POST /api/webhooks/identity/{provider}',
      'POST /api/webhooks/sanctions/{provider}',
    ])
    expect(operations((op) => !isPublic(op)).length).toBeGreaterThan(40)
  })

  it('every other operation answers 401 before looking at its input', async () => {
    const wrong: string[] = []
    for (const { method, path } of operations((op) => !isPublic(op))) {
      for (const param of PARAMS) {
        const url = `${path.replace(/\{[^}]+\}/g, param)}?limit=-1&folder=%00&disposition=nope`
        for (const body of method === 'GET' ? [undefined] : BODIES) {
          const res = await t.request(url, {
            method,
            body,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
          })
          if (res.status !== 401) wrong.push(`${method} ${url} ${body ?? '(no body)'} -> ${res.status}`)
          else expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated')
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('public operations stay open (not 401)', async () => {
    for (const { method, path } of operations(isPublic)) {
      const res = await t.request(path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'), { method })
      expect(res.status, `${method} ${path}`).not.toBe(401)
    }
  })
})
