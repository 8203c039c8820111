/**
 * Identity images at rest: checked to be a JPEG, PNG or WebP by their first bytes, sealed with
 * envelope encryption (context `identity-check:<id>:<image>`) and stored in object storage under a
 * fresh key per upload (`identity/<check id>/<image>-<random>`), so that a retake never overwrites
 * the image a committed row still names.
 */
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { z } from 'zod'
import { IDENTITY_IMAGE_MAX_BYTES, type ImageUpload } from '#shared/contracts/verification.ts'
import { AppError } from '#server/core/errors.ts'
import { encryptionKeyRing, openEnvelope, sealEnvelope } from '#server/platform/encryption/envelope.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'

export const UNREADABLE_IMAGE =
  'We could not read that photo. Send a JPEG, PNG or WebP photo (most phone cameras take JPEG) and try again.'

/** The image type its first bytes show, or null. */
export function sniffImageType(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png'
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp'
  }
  return null
}

/** Decodes and checks an uploaded image: 422 naming the problem when it is not a readable image of the declared type. */
export function decodeImage(upload: ImageUpload): { contentType: string; bytes: Buffer } {
  const bytes = Buffer.from(upload.data_base64, 'base64')
  if (bytes.length > IDENTITY_IMAGE_MAX_BYTES) {
    throw new AppError(
      'unprocessable',
      'That photo is too large (at most 700 KB). Take it again at a lower resolution.',
    )
  }
  const sniffed = sniffImageType(bytes)
  if (!sniffed || sniffed !== upload.content_type || bytes.length < 100)
    throw new AppError('unprocessable', UNREADABLE_IMAGE)
  return { contentType: sniffed, bytes }
}

/** What storeSealedImage seals: the content type and the bytes in base64. */
const SealedImage = z.object({ t: z.string(), b: z.string() })

const context = (checkId: string, image: 'document' | 'selfie') => `identity-check:${checkId}:${image}`

/** Seals and stores an image; returns its storage key. */
export async function storeSealedImage(
  storage: ObjectStorage,
  checkId: string,
  image: 'document' | 'selfie',
  data: { contentType: string; bytes: Buffer },
): Promise<string> {
  const key = `identity/${checkId}/${image}-${randomUUID()}`
  const sealed = sealEnvelope(
    encryptionKeyRing(),
    JSON.stringify({ t: data.contentType, b: data.bytes.toString('base64') }),
    context(checkId, image),
  )
  await storage.put(key, Readable.from([Buffer.from(sealed)]), { contentType: 'application/octet-stream' })
  return key
}

/** Reads and opens a stored image. */
export async function readSealedImage(
  storage: ObjectStorage,
  checkId: string,
  image: 'document' | 'selfie',
  key: string,
): Promise<{ contentType: string; bytes: Buffer }> {
  const obj = await storage.get(key)
  const sealed = (await buffer(obj.body)).toString('utf8')
  const opened = SealedImage.parse(
    JSON.parse(openEnvelope(encryptionKeyRing(), sealed, context(checkId, image)).toString('utf8')),
  )
  return { contentType: opened.t, bytes: Buffer.from(opened.b, 'base64') }
}
