/** The API as a whole: health, OpenAPI, JSON 404s, security headers and the foreign-origin guard. */
import { describe, expect, it } from 'vitest'
import { allEndpoints } from '../shared/contracts/catalogue'
import { createTestApp, TEST_PUBLIC_URL, useTestApp } from './test/test-app'

const t = useTestApp()

describe('the API', () => {
  it('reports health with the database state', async () => {
    const res = await t.request('/api/health')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' } })
    expect(['pglite', 'postgres']).toContain(body.database.kind)
  })

  it('serves an OpenAPI document describing every data call', async () => {
    const res = await t.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = await res.json()
    expect(doc.openapi).toMatch(/^3\./)
    for (const p of [
      '/api/me',
      '/api/transactions',
      '/api/transactions/{txId}',
      '/api/organizations',
      '/api/organizations/{orgId}',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p)
    }
  })

  it('serves exactly the endpoint catalogue: every entry is an operation, every operation an entry', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, object> }
    const served = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const catalogue = allEndpoints().map((e) => `${e.method.toUpperCase()} /api${e.path}`)
    expect(new Set(catalogue).size).toBe(catalogue.length)
    expect([...served].sort()).toEqual([...catalogue].sort())
  })

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await t.request('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect((await res.json()).error.code).toBe('not_found')
  })

  it('sends CSP, nosniff and frame-ancestors none, without unsafe-inline scripts', async () => {
    const res = await t.request('/api/health')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    // Our scripts, and WebAssembly compiled from them (the MRZ's OCR, decision 064): never JavaScript eval or inline.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('sends HSTS behind https', async () => {
    const secure = await createTestApp({ config: { publicUrl: 'https://homeward.example', secure: true } })
    try {
      const res = await secure.request('/api/health')
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    } finally {
      await secure.close()
    }
  })

  it('refuses a state-changing request from a foreign origin and writes nothing', async () => {
    const email = `csrf-${Date.now()}@homeward.test`
    const res = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Csrf', email, password: 'long enough', role: 'buyer' },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    const rows = await t.database.query(`select 1 from "user" where email = $1`, [email])
    expect(rows).toHaveLength(0)
    const same = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Same Origin', email, password: 'long enough', role: 'buyer' },
      headers: { origin: TEST_PUBLIC_URL },
    })
    expect(same.status).toBe(200)
  })

  it('answers /api/me with 401 when signed out', async () => {
    const res = await t.request('/api/me')
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('unauthenticated')
  })
})
