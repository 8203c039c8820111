/**
 * The OpenAPI document the server serves at /api/openapi.json: valid OpenAPI (checked by
 * @seriousme/openapi-schema-validator against the official schema, zero errors), every catalogue
 * endpoint in it, and the endpoints that take API tokens marked so (the apiToken scheme and their
 * scopes), while session-only endpoints show the session scheme alone.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { allEndpoints } from '#shared/contracts/catalogue.ts'
import { OPEN_MATTER_EXAMPLE, OpenMatterInput } from '#shared/contracts/firms.ts'
import { useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

interface Operation {
  security?: Array<Record<string, string[]>>
  'x-scopes'?: string[]
  description?: string
}
interface WriteOperation {
  'x-scopes'?: string[]
  parameters?: Array<{ name: string }>
  requestBody?: { content: Record<string, { example?: unknown }> }
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>
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

  it('documents the write API for case-management systems: scopes, and a request and response example each', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, WriteOperation>>
    }
    const ops: Array<[string, string, string, string | null]> = [
      // path, method, scope, the request's content type with an example (null: none, or a raw upload)
      ['/api/matters', 'post', 'matters:write', 'application/json'],
      ['/api/matters/import', 'post', 'matters:write', 'application/json'],
      ['/api/cases', 'get', 'cases:read', null],
      ['/api/transactions/{txId}/documents', 'post', 'documents:write', null],
      ['/api/transactions/{txId}/enquiries', 'post', 'enquiries:write', 'application/json'],
      ['/api/transactions/{txId}/enquiries/{enquiryId}/replies', 'post', 'enquiries:write', 'application/json'],
      ['/api/transactions/{txId}/enquiries/{enquiryId}/status', 'post', 'enquiries:write', 'application/json'],
      ['/api/transactions/{txId}/tasks/{taskId}', 'patch', 'tasks:write', 'application/json'],
    ]
    for (const [path, method, scope, body] of ops) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(op['x-scopes'], path).toEqual([scope])
      if (body) expect(op.requestBody?.content[body]?.example, `${path} request example`).toBeDefined()
      // The task tick answers the whole detail, too long to be an example worth reading.
      if (path.endsWith('{taskId}')) continue
      const examples = Object.entries(op.responses)
        .filter(([code]) => code.startsWith('2'))
        .map(([, r]) => r.content?.['application/json']?.example)
        .filter((e) => e !== undefined)
      expect(examples.length, `${path} response example`).toBeGreaterThan(0)
    }
    // The upload's query carries the audience.
    const upload = doc.paths['/api/transactions/{txId}/documents'].post
    expect(upload.parameters?.map((p) => p.name)).toContain('audience')
  })

  it('shows only examples that their own schemas accept', () => {
    let checked = 0
    for (const e of allEndpoints()) {
      const contents = [
        e.request?.body?.content,
        ...Object.values(e.responses).map(
          (r: { content?: Record<string, { schema: unknown; example?: unknown }> }) => r.content,
        ),
      ]
      for (const content of contents) {
        for (const [type, media] of Object.entries(content ?? {})) {
          if (media.example === undefined) continue
          const result = (media.schema as z.ZodType).safeParse(media.example)
          expect(result.success, `${e.method} ${e.path} ${type}: ${result.error?.message ?? ''}`).toBe(true)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12)
    // The check can fail: an example without a required field is refused.
    expect(OpenMatterInput.safeParse({ ...OPEN_MATTER_EXAMPLE, postcode: 'NOT A POSTCODE' }).success).toBe(false)
  })
})
