/**
 * A firm's public profile through the API on a real database: a new firm is not listed; an admin's
 * update (validated: postcodes, website, regulator number format, services and regulator of the
 * trade) completes the onboarding step and lists the firm in the directory and on its public
 * profile; the sandbox register verifies a listed number, saves an unknown one as not found and a
 * down register as unavailable, never verified; a fee earner reads but may not change; another firm
 * gets 404; the firm's API key reads and changes it only with the firm-profile scopes; the logo is
 * resized to WebP, served publicly with immutable caching, and replaced.
 */
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { AccreditationPage } from '#shared/contracts/accreditation.ts'
import { CreatedApiToken } from '#shared/contracts/api-access.ts'
import { DirectoryResponse, OrganizationProfile } from '#shared/contracts/directory.ts'
import { FirmProfile } from '#shared/contracts/firm-profile.ts'
import { MyFirmResponse } from '#shared/contracts/firms.ts'
import { requestWithToken } from '#server/test/token-request.ts'
import { TEST_PUBLIC_URL, type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

let admin: TestUser
let feeEarner: TestUser
let stranger: TestUser
let firmId: string
const domain = `profile-${randomUUID().slice(0, 8)}.test`

const patch = (as: TestUser, body: unknown, id = firmId) =>
  t.request(`/api/firms/${id}/profile`, { as, method: 'PATCH', json: body })

/** POST the raw bytes as the logo, with the session cookie and the site's Origin, as the browser does. */
function uploadLogo(as: TestUser, bytes: Uint8Array, id = firmId) {
  return t.app.request(`/api/firms/${id}/logo`, {
    method: 'POST',
    headers: { cookie: as.cookie, origin: new URL(TEST_PUBLIC_URL).origin, 'content-type': 'image/png' },
    body: bytes as unknown as BodyInit,
  })
}

const COMPLETE = {
  description: 'Residential conveyancing for St Albans and north London, by SRA-regulated solicitors.',
  website: 'www.profile-firm.co.uk',
  offices: [{ address: '12 Holywell Hill, St Albans', postcode: 'al1 1bt', districts: ['al3', 'AL4'] }],
  services: ['freehold_purchase', 'sale', 'remortgage'],
  languages: ['en', 'cy', 'pl'],
  regulator: 'sra',
  regulator_number: '612 345',
}

async function directory() {
  return DirectoryResponse.parse(await json(await t.request('/api/organizations'), 200)).organizations
}

beforeAll(async () => {
  ;[admin, feeEarner, stranger] = await Promise.all([
    t.signUp({ role: 'conveyancer', name: 'Priya Profile', email: `priya@${domain}` }),
    t.signUp({ role: 'conveyancer', name: 'Fern Earner' }),
    t.signUp({ role: 'conveyancer', name: 'Otto Other' }),
  ])
  const created = MyFirmResponse.parse(
    await json(
      await t.request('/api/firm', {
        as: admin,
        json: {
          name: 'Profile & Co Conveyancing',
          town: 'St Albans',
          postcode_district: 'AL1',
          contact_email: `hello@${domain}`,
        },
      }),
      201,
    ),
  )
  firmId = created.firm!.id
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'fee_earner')`,
    [firmId, feeEarner.profileId],
  )
  await json(
    await t.request('/api/firm', {
      as: stranger,
      json: {
        name: 'Other Firm LLP',
        town: 'Luton',
        postcode_district: 'LU1',
        contact_email: 'hi@other.test',
        description: 'We convey.',
      },
    }),
    201,
  )
})

describe('a new firm', () => {
  it('is not listed until its profile has a description, and its public profile is a 404', async () => {
    const profile = FirmProfile.parse(await json(await t.request(`/api/firms/${firmId}/profile`, { as: admin }), 200))
    expect(profile).toMatchObject({ description: null, listed: false, profile_complete: false, regulator_check: null })
    expect((await directory()).map((o) => o.id)).not.toContain(firmId)
    expect((await t.request(`/api/organizations/${firmId}`)).status).toBe(404)
    const accreditation = AccreditationPage.parse(await json(await t.request('/api/accreditation', { as: admin }), 200))
    expect(accreditation.organization?.onboarding.find((s) => s.key === 'profile')?.done).toBe(false)
  })

  it('can be created with a description, which lists it at once', async () => {
    const other = (await directory()).find((o) => o.name === 'Other Firm LLP')
    expect(other?.description).toBe('We convey.')
  })
})

describe('updating the profile', () => {
  it('refuses invalid fields, naming each, and changes nothing', async () => {
    const bad = await json<{ error: { fields: Record<string, string[]> } }>(
      await patch(admin, {
        website: 'ftp://files.example.com',
        offices: [{ address: '1 High Street', postcode: 'ZZ99 9ZZZ' }],
        languages: ['klingon'],
      }),
      400,
    )
    expect(bad.error.fields.website?.[0]).toMatch(/website address such as https:/)
    expect(bad.error.fields['offices.0.postcode']).toEqual(['Enter a valid UK postcode, like SW1A 1AA'])
    expect(bad.error.fields['languages.0']).toEqual(['Choose languages from the list'])
    const format = await json<{ error: { fields: Record<string, string[]> } }>(
      await patch(admin, { regulator: 'sra', regulator_number: '12' }),
      400,
    )
    expect(format.error.fields.regulator_number).toEqual(['That is not an SRA number: it looks like 612345'])
    const alone = await json<{ error: { fields: Record<string, string[]> } }>(
      await patch(admin, { regulator_number: '612345' }),
      400,
    )
    expect(alone.error.fields.regulator).toEqual(['Choose the regulator this number is with'])
    const wrongTrade = await json<{ error: { message: string } }>(
      await patch(admin, { regulator: 'rics', regulator_number: '712345' }),
      422,
    )
    expect(wrongTrade.error.message).toBe(
      'A conveyancer is regulated by Solicitors Regulation Authority (SRA) or Council for Licensed Conveyancers (CLC), not Royal Institution of Chartered Surveyors (RICS).',
    )
    await json(await patch(admin, { services: ['level_3'] }), 422)
    const profile = FirmProfile.parse(await json(await t.request(`/api/firms/${firmId}/profile`, { as: admin }), 200))
    expect(profile).toMatchObject({ website: null, offices: [], regulator: null, services: [] })
  })

  it('lets a fee earner read but not change it, and hides it from another firm', async () => {
    await json(await t.request(`/api/firms/${firmId}/profile`, { as: feeEarner }), 200)
    const refused = await json<{ error: { message: string } }>(await patch(feeEarner, { description: 'x' }), 403)
    expect(refused.error.message).toBe("Only an admin of Profile & Co Conveyancing changes the firm's profile.")
    expect((await t.request(`/api/firms/${firmId}/profile`, { as: stranger })).status).toBe(404)
    expect((await patch(stranger, { description: 'x' })).status).toBe(404)
  })

  it('verifies a sandbox SRA number, completes onboarding and lists the firm with its profile', async () => {
    const profile = FirmProfile.parse(await json(await patch(admin, COMPLETE), 200))
    expect(profile).toMatchObject({
      description: COMPLETE.description,
      website: 'https://www.profile-firm.co.uk',
      offices: [{ address: '12 Holywell Hill, St Albans', postcode: 'AL1 1BT', districts: ['AL1', 'AL3', 'AL4'] }],
      services: ['freehold_purchase', 'sale', 'remortgage'],
      languages: ['en', 'cy', 'pl'],
      regulator: 'sra',
      regulator_number: '612345',
      listed: true,
      profile_complete: true,
    })
    expect(profile.regulator_check).toMatchObject({
      status: 'verified',
      checked_by: 'sandbox',
      registered_name: 'Sandbox Conveyancing LLP',
      badge: 'Verified by the SRA register (sandbox)',
    })
    const listed = (await directory()).find((o) => o.id === firmId)
    expect(listed).toMatchObject({
      description: COMPLETE.description,
      regulator_status: 'verified',
      languages: ['en', 'cy', 'pl'],
    })
    const page = OrganizationProfile.parse(await json(await t.request(`/api/organizations/${firmId}`), 200))
    expect(page.offices[0]?.postcode).toBe('AL1 1BT')
    const accreditation = AccreditationPage.parse(await json(await t.request('/api/accreditation', { as: admin }), 200))
    expect(accreditation.organization?.onboarding.find((s) => s.key === 'profile')?.done).toBe(true)
    const mine = MyFirmResponse.parse(await json(await t.request('/api/firm', { as: admin }), 200))
    expect(mine.firm?.listed).toBe(true)
    const events = await t.database.query<{ detail: { fields: string[]; regulator_status?: string } }>(
      `select detail from security_events where kind = 'firm.profile_updated' and detail->>'organization_id' = $1`,
      [firmId],
    )
    expect(events.at(-1)?.detail).toMatchObject({ regulator_status: 'verified' })
    expect(events.at(-1)?.detail.fields).toEqual(expect.arrayContaining(['description', 'offices', 'regulator']))
  })

  it('saves a number the register does not hold as not found, never verified', async () => {
    const profile = FirmProfile.parse(await json(await patch(admin, { regulator_number: '600001' }), 200))
    expect(profile.regulator_check).toMatchObject({ status: 'not_found', badge: null, registered_name: null })
    expect(profile.regulator_check?.message).toBe(
      'Not verified: SRA 600001 is not on the SRA register. Check the number; it is saved, but not shown as verified.',
    )
    expect((await directory()).find((o) => o.id === firmId)?.regulator_status).toBe('not_found')
  })

  it('saves a number as unavailable when the register cannot answer, and checks it again on the next save', async () => {
    const down = FirmProfile.parse(await json(await patch(admin, { regulator_number: '699999' }), 200))
    expect(down.regulator_check).toMatchObject({ status: 'unavailable', badge: null })
    const back = FirmProfile.parse(await json(await patch(admin, { regulator: 'clc', regulator_number: '2345' }), 200))
    expect(back.regulator_check).toMatchObject({ status: 'verified', badge: 'Verified by the CLC register (sandbox)' })
  })

  it('clears the description, which takes the firm out of the marketplace', async () => {
    FirmProfile.parse(await json(await patch(admin, { description: '' }), 200))
    expect((await directory()).map((o) => o.id)).not.toContain(firmId)
    FirmProfile.parse(await json(await patch(admin, { description: COMPLETE.description }), 200))
    expect((await directory()).map((o) => o.id)).toContain(firmId)
  })
})

describe('the firm API', () => {
  async function key(scopes: string[]) {
    return CreatedApiToken.parse(
      await json(
        await t.request('/api/api-tokens', {
          as: admin,
          json: { name: `CMS ${scopes.join(' ')}`, scopes, expires_in_days: 30, firm_id: firmId },
        }),
        201,
      ),
    ).secret
  }

  it('reads the profile with profile:read and changes it only with profile:write', async () => {
    const reader = await key(['profile:read'])
    const read = FirmProfile.parse(
      await json(await requestWithToken(t.app, `/api/firms/${firmId}/profile`, reader), 200),
    )
    expect(read.organization_id).toBe(firmId)
    const refused = await json<{ error: { message: string } }>(
      await requestWithToken(t.app, `/api/firms/${firmId}/profile`, reader, {
        method: 'PATCH',
        json: { languages: ['en'] },
      }),
      403,
    )
    expect(refused.error.message).toContain('profile:write')
    const writer = await key(['profile:read', 'profile:write'])
    const changed = FirmProfile.parse(
      await json(
        await requestWithToken(t.app, `/api/firms/${firmId}/profile`, writer, {
          method: 'PATCH',
          json: { languages: ['en', 'cy'], services: ['sale'] },
        }),
        200,
      ),
    )
    expect(changed).toMatchObject({ languages: ['en', 'cy'], services: ['sale'], description: COMPLETE.description })
    const elsewhere = await json(await requestWithToken(t.app, `/api/firms/${randomUUID()}/profile`, writer), 404)
    expect(elsewhere).toBeTruthy()
  })
})

describe('the logo', () => {
  it('is resized to WebP within 256 px, served publicly with immutable caching, and replaced', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 4, background: '#0a5c4a' } })
      .png()
      .toBuffer()
    const first = FirmProfile.parse(await json(await uploadLogo(admin, png), 200))
    expect(first.logo_url).toMatch(new RegExp(`^/api/firm-logos/${firmId}/[0-9a-f]{32}\\.webp$`))
    const served = await t.request(first.logo_url!)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 128])
    // The directory and the public profile point at it.
    expect((await directory()).find((o) => o.id === firmId)?.logo_url).toBe(first.logo_url)

    const jpeg = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer()
    const second = FirmProfile.parse(await json(await uploadLogo(admin, jpeg), 200))
    expect(second.logo_url).not.toBe(first.logo_url)
    expect((await t.request(first.logo_url!)).status).toBe(404)
    const small = await sharp(Buffer.from(await (await t.request(second.logo_url!)).arrayBuffer())).metadata()
    expect([small.width, small.height]).toEqual([85, 256])
  })

  it('refuses what is not an image, and a member who is not an admin', async () => {
    const text = new TextEncoder().encode('%PDF-1.7 not an image at all')
    const refused = await json<{ error: { message: string } }>(await uploadLogo(admin, text), 415)
    expect(refused.error.message).toBe('Upload the logo as a PNG, JPEG, WebP or GIF image.')
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    expect((await uploadLogo(feeEarner, png)).status).toBe(403)
  })

  it('is removed on request', async () => {
    const removed = FirmProfile.parse(
      await json(await t.request(`/api/firms/${firmId}/logo`, { as: admin, method: 'DELETE' }), 200),
    )
    expect(removed.logo_url).toBeNull()
  })
})
