/**
 * The OpenAPI document the server serves at /api/openapi.json: valid OpenAPI (checked by
 * @seriousme/openapi-schema-validator against the official schema, zero errors), every catalogue
 * endpoint in it, and the endpoints that take API tokens marked so (the apiToken scheme and their
 * scopes), while session-only endpoints show the session scheme alone.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { allEndpoints } from '#shared/contracts/catalogue.ts'
import { useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

interface Operation {
  security?: Array<Record<string, string[]>>
  'x-scopes'?: string[]
  description?: string
}
interface Doc {
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> }
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI with zero errors, and holds every catalogue endpoint', async () => {
    const res = await t.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as Doc
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)

    for (const e of allEndpoints()) {
      const op = doc.paths[`/api${e.path}`]?.[e.method]
      expect(op, `${e.method.toUpperCase()} /api${e.path}`).toBeDefined()
      if (e.scopes?.length) {
        expect(op.security).toEqual([{ session: [] }, { apiToken: [] }])
        expect(op['x-scopes']).toEqual([...e.scopes])
        expect(op.description).toContain(e.scopes.join(', '))
      } else {
        expect(op.security === undefined || !JSON.stringify(op.security).includes('apiToken')).toBe(true)
      }
    }
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    // The endpoints the open API promises take tokens.
    expect(doc.paths['/api/transactions/{txId}'].get['x-scopes']).toEqual(['transactions:read'])
    expect(doc.paths['/api/transactions/{txId}/tasks/{taskId}'].patch['x-scopes']).toEqual(['tasks:write'])
    expect(doc.paths['/api/api-tokens'].post.security).toBeUndefined()

    // The check can fail: an operation without its answers is invalid OpenAPI.
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { responses?: unknown }>> }
    delete broken.paths['/api/transactions/{txId}'].get.responses
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false)
  })
})
