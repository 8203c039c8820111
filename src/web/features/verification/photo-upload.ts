/**
 * A photo chosen or taken on the device, made ready to send: decoded by the browser (an unreadable
 * file fails here, with a message), scaled so its longer side is at most 1600 px and re-encoded as
 * JPEG, smaller until it fits the server's limit (IDENTITY_IMAGE_MAX_BYTES). Phone photos of several
 * megabytes become a few hundred kilobytes, enough for a document to be read.
 */
import { IDENTITY_IMAGE_MAX_BYTES, type ImageUpload } from '#shared/contracts/verification.ts'

export const UNREADABLE_PHOTO =
  'We could not read that file as a photo. Choose a JPEG, PNG or WebP photo, or take it again.'

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The photo as an ImageUpload; throws an Error with a message a person can act on. */
export async function photoToUpload(file: File, maxPx = 1600): Promise<ImageUpload> {
  if (file.type && !file.type.startsWith('image/')) throw new Error(UNREADABLE_PHOTO)
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new Error(UNREADABLE_PHOTO)
  }
  const scale = Math.min(1, maxPx / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error(UNREADABLE_PHOTO)
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  for (const quality of [0.85, 0.7, 0.55, 0.4]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    if (blob && blob.size <= IDENTITY_IMAGE_MAX_BYTES)
      return { content_type: 'image/jpeg', data_base64: await toBase64(blob) }
  }
  throw new Error('That photo is too detailed to send. Take it again a little further away.')
}
