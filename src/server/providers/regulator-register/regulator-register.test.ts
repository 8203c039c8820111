/**
 * The regulator register's adapters: the sandbox is deterministic (its listed numbers are found with
 * their names, any other is not, its "down" numbers throw RegisterUnavailableError) and every number it
 * holds is in its register's real format; the http adapter maps 200 authorised / other statuses / 404 /
 * errors as decision 056 says.
 */
import { describe, expect, it } from 'vitest'
import { REGULATOR_NUMBER_FORMATS } from '#shared/domain/firm-profile.ts'
import { REGULATORS } from '#shared/domain/regulators.ts'
import { createHttpRegulatorRegister } from './http-provider'
import { regulatorRegisterFor, RegisterUnavailableError } from './index'
import { SANDBOX_REGISTER_ENTRIES, SANDBOX_UNAVAILABLE_NUMBERS } from './sandbox-provider'

describe('the sandbox register', () => {
  const register = regulatorRegisterFor({})

  it('is the default, named sandbox', () => {
    expect(register.name).toBe('sandbox')
    expect(regulatorRegisterFor({ REGULATOR_REGISTER: 'sandbox' }).name).toBe('sandbox')
  })

  it('holds a handful of numbers per regulator, each in the real format', () => {
    for (const regulator of REGULATORS) {
      const numbers = [...Object.keys(SANDBOX_REGISTER_ENTRIES[regulator]), SANDBOX_UNAVAILABLE_NUMBERS[regulator]]
      expect(numbers.length, regulator).toBeGreaterThanOrEqual(3)
      for (const n of numbers)
        expect(REGULATOR_NUMBER_FORMATS[regulator].pattern.test(n), `${regulator} ${n}`).toBe(true)
    }
  })

  it('finds a listed number with its registered name, and the same every time', async () => {
    expect(await register.lookUp('sra', '612345')).toEqual({
      regulator: 'sra',
      number: '612345',
      name: 'Sandbox Conveyancing LLP',
    })
    expect(await register.lookUp('propertymark', 'M00123456')).toMatchObject({ name: 'Sandbox Estate Agents Ltd' })
    expect(await register.lookUp('sra', '612345')).toMatchObject({ name: 'Sandbox Conveyancing LLP' })
  })

  it('does not find other numbers, nor a number of another register', async () => {
    expect(await register.lookUp('sra', '600001')).toBeNull()
    expect(await register.lookUp('rics', '612345')).toBeNull()
  })

  it('answers as a register that is down for its unavailable numbers', async () => {
    await expect(register.lookUp('sra', '699999')).rejects.toBeInstanceOf(RegisterUnavailableError)
  })
})

describe('the http register', () => {
  const answer = (status: number, body?: unknown) => () =>
    Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }))

  it('asks for one entry with the bearer key, and finds an authorised one', async () => {
    const calls: { url: string; auth: string | null }[] = []
    const register = createHttpRegulatorRegister(
      { baseUrl: 'https://register.example/v1/', apiKey: 'k' },
      (url, init) => {
        calls.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') })
        return Promise.resolve(
          new Response(JSON.stringify({ number: '612345', name: 'Real LLP', status: 'Authorised' })),
        )
      },
    )
    expect(await register.lookUp('sra', '612345')).toEqual({ regulator: 'sra', number: '612345', name: 'Real LLP' })
    expect(calls).toEqual([{ url: 'https://register.example/v1/registers/sra/entries/612345', auth: 'Bearer k' }])
  })

  it('treats a revoked entry and a 404 as not found', async () => {
    const opts = { baseUrl: 'https://register.example', apiKey: 'k' }
    expect(
      await createHttpRegulatorRegister(opts, answer(200, { number: '1', name: 'X', status: 'revoked' })).lookUp(
        'fca',
        '123456',
      ),
    ).toBeNull()
    expect(await createHttpRegulatorRegister(opts, answer(404)).lookUp('fca', '123456')).toBeNull()
  })

  it('is unavailable on a server error, an unknown shape or no answer', async () => {
    const opts = { baseUrl: 'https://register.example', apiKey: 'k' }
    await expect(createHttpRegulatorRegister(opts, answer(503)).lookUp('fca', '123456')).rejects.toBeInstanceOf(
      RegisterUnavailableError,
    )
    await expect(
      createHttpRegulatorRegister(opts, answer(200, { nope: 1 })).lookUp('fca', '123456'),
    ).rejects.toBeInstanceOf(RegisterUnavailableError)
    await expect(
      createHttpRegulatorRegister(opts, () => Promise.reject(new TypeError('fetch failed'))).lookUp('fca', '123456'),
    ).rejects.toBeInstanceOf(RegisterUnavailableError)
  })
})
