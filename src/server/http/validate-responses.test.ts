import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { endpoint, ERRORS, json } from '#shared/contracts/endpoint.ts'
import { contractProblem } from './validate-responses'

const Thing = z.object({ id: z.string(), size: z.enum(['small', 'large']) })
const spec = endpoint({
  method: 'get',
  path: '/things/{id}',
  summary: 'One thing',
  responses: { 200: json('Thing', Thing), 202: { description: 'Queued' }, 204: { description: 'Nothing' }, ...ERRORS },
})
const answer = (status: number, body: string | null, type = 'application/json; charset=utf-8') =>
  new Response(body, { status, headers: body === null ? {} : { 'content-type': type } })

describe('contractProblem', () => {
  it('accepts a declared answer whose body parses', async () => {
    expect(await contractProblem(spec, answer(200, '{"id":"a","size":"small"}'))).toBeNull()
    expect(await contractProblem(spec, answer(204, null))).toBeNull()
  })

  it('names the field and the zod issue of a body that does not parse', async () => {
    const problem = await contractProblem(spec, answer(200, '{"id":"a","size":"huge"}'))
    expect(problem).toContain('size')
    expect(problem).toMatch(/expected one of "small"\|"large"/i)
  })

  it('refuses a success status the endpoint does not declare', async () => {
    expect(await contractProblem(spec, answer(201, '{"id":"a","size":"small"}'))).toContain(
      'status 201 is not one it declares',
    )
  })

  it('refuses JSON where none is declared, and another type where JSON is', async () => {
    expect(await contractProblem(spec, answer(202, '{}'))).toContain('declares no JSON body')
    expect(await contractProblem(spec, answer(200, 'hello', 'text/plain'))).toContain("'text/plain' was sent")
    expect(await contractProblem(spec, answer(200, 'not json'))).toContain('not JSON')
  })

  it('checks any error answer against the standard error body', async () => {
    expect(await contractProblem(spec, answer(409, '{"error":{"code":"conflict","message":"Changed"}}'))).toBeNull()
    expect(await contractProblem(spec, answer(404, '{"message":"gone"}'))).toContain('error')
  })
})
