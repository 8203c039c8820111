/**
 * A firm's logo: uploaded as the raw request body (PNG, JPEG, WebP or GIF, at most 5 MB), decoded and
 * resized on the server with sharp (libvips) to fit FIRM_LOGO_SIZE px square, kept in proportion, as
 * WebP, metadata stripped; stored through the storage platform under `firm-logos/<org>/<hash>` (the
 * first 32 hex digits of the resized bytes' SHA-256) and served publicly from
 * GET /api/firm-logos/{orgId}/{hash}.webp with a year's immutable caching: a new logo has a new path.
 * Decision 056.
 */
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { FirmProfile } from '#shared/contracts/firm-profile.ts'
import { FIRM_LOGO_MAX_BYTES, FIRM_LOGO_SIZE } from '#shared/domain/firm-profile.ts'
import type { ClientInfo } from '#server/auth/client-info.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { firstRow } from '#server/db/rows.ts'
import { recordFirmEvent } from '#server/core/audit/firm-events.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { StorageNotFoundError, type ObjectStorage } from '#server/platform/storage/index.ts'
import { assertMayChangeProfile, readProfileRow, toFirmProfile } from './firm-profile'

/** Images larger than this many pixels are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000

/** What sharp reads, by magic bytes: the upload's own Content-Type is not trusted. */
function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | 'gif' | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 12))
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return 'webp'
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('ascii', 0, 6))) return 'gif'
  return null
}

type Sharp = (typeof import('sharp'))['default']
let sharpModule: Promise<Sharp> | undefined
/** sharp, loaded on the first logo (a native module of some megabytes: not at start-up), one thread. */
function loadSharp(): Promise<Sharp> {
  return (sharpModule ??= import('sharp').then((m) => {
    const sharp = m.default
    // Two cores shared with the server: one libvips thread per image, one image at a time.
    sharp.concurrency(1)
    return sharp
  }))
}

/**
 * The logo resized: at most FIRM_LOGO_SIZE px on its longer side (never enlarged), rotated upright by
 * its EXIF orientation, first frame only, as WebP (quality 85, alpha kept). 415 when it is not one of
 * the four image types or cannot be decoded; 422 when it is larger than MAX_INPUT_PIXELS.
 */
export async function resizeLogo(bytes: Uint8Array): Promise<Buffer> {
  if (!imageKind(bytes)) {
    throw new AppError('unsupported_media_type', 'Upload the logo as a PNG, JPEG, WebP or GIF image.')
  }
  const sharp = await loadSharp()
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(FIRM_LOGO_SIZE, FIRM_LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85, alphaQuality: 100 })
      .toBuffer()
  } catch (err) {
    const message = (err as Error).message
    if (/pixel limit/i.test(message)) {
      throw new AppError('unprocessable', 'This image is too large in pixels: use one under 40 megapixels.')
    }
    throw new AppError('unsupported_media_type', 'This image could not be read: upload a PNG, JPEG, WebP or GIF.')
  }
}

/** Reads a request body up to FIRM_LOGO_MAX_BYTES; 413 past it, 422 when empty. */
export async function readLogoBody(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!body) throw new AppError('unprocessable', 'The upload was empty: choose an image file.')
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > FIRM_LOGO_MAX_BYTES) {
      await reader.cancel()
      throw new AppError('payload_too_large', 'The logo is larger than 5 MB: choose a smaller image.')
    }
    chunks.push(value)
  }
  if (size === 0) throw new AppError('unprocessable', 'The upload was empty: choose an image file.')
  return Buffer.concat(chunks)
}

/**
 * POST /api/firms/{orgId}/logo: resizes and stores the new logo, points the firm at it in one
 * transaction (row locked, access checked again) with a firm event, then removes the old object.
 */
export async function uploadFirmLogo({
  database,
  storage,
  viewer,
  orgId,
  bytes,
  origin,
}: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  orgId: string
  bytes: Uint8Array
  origin?: ClientInfo
}): Promise<FirmProfile> {
  assertMayChangeProfile(await readProfileRow(database.db, viewer, orgId))
  const resized = await resizeLogo(bytes)
  const version = createHash('sha256').update(resized).digest('hex').slice(0, 32)
  const key = `firm-logos/${orgId}/${version}`
  await storage.put(key, Readable.from([resized]), { contentType: 'image/webp' })
  let old = null as string | null
  try {
    const profile = await database.db.transaction(async (tx) => {
      const row = await readProfileRow(tx, viewer, orgId, { lock: true })
      assertMayChangeProfile(row)
      old = row.logo_key
      await tx.execute(sql`update organizations set logo_key = ${key}, updated_at = now() where id = ${orgId}`)
      await recordFirmEvent(tx, {
        viewer,
        kind: 'firm.profile_updated',
        organizationId: orgId,
        firmName: row.name,
        detail: { fields: ['logo'], logo: version },
        origin,
      })
      return toFirmProfile((await readProfileRow(tx, viewer, orgId))!)
    })
    if (old && old !== key) await storage.delete(old).catch(() => undefined)
    return profile
  } catch (err) {
    // Nothing points at the new object: remove it (unless it is the same logo again).
    if (old !== key) await storage.delete(key).catch(() => undefined)
    throw err
  }
}

/** DELETE /api/firms/{orgId}/logo: the firm shows no logo; the stored object is removed after commit. */
export async function removeFirmLogo({
  database,
  storage,
  viewer,
  orgId,
  origin,
}: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  orgId: string
  origin?: ClientInfo
}): Promise<FirmProfile> {
  let old = null as string | null
  const profile = await database.db.transaction(async (tx) => {
    const row = await readProfileRow(tx, viewer, orgId, { lock: true })
    assertMayChangeProfile(row)
    old = row.logo_key
    if (!old) return toFirmProfile(row)
    await tx.execute(sql`update organizations set logo_key = null, updated_at = now() where id = ${orgId}`)
    await recordFirmEvent(tx, {
      viewer,
      kind: 'firm.profile_updated',
      organizationId: orgId,
      firmName: row.name,
      detail: { fields: ['logo'], logo: null },
      origin,
    })
    return toFirmProfile((await readProfileRow(tx, viewer, orgId))!)
  })
  if (old) await storage.delete(old).catch(() => undefined)
  return profile
}

/**
 * GET /api/firm-logos/{orgId}/{version}.webp (public): the firm's current logo when `version` is
 * its current one; 404 otherwise (an old version is gone; the page asks for the current path).
 */
export async function openFirmLogo({
  database,
  storage,
  orgId,
  version,
}: {
  database: Database
  storage: ObjectStorage
  orgId: string
  version: string
}): Promise<{ body: Readable; sizeBytes: number }> {
  const res = await database.db.execute(sql`select logo_key from organizations where id = ${orgId}`)
  const key = firstRow(z.object({ logo_key: z.string().nullable() }), res)?.logo_key
  if (!key || key !== `firm-logos/${orgId}/${version}`) throw notFound('logo')
  try {
    return await storage.get(key)
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound('logo')
    throw err
  }
}
