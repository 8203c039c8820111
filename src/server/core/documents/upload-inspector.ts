/**
 * Inspects an upload as it streams through, without buffering it: counts bytes against the limit,
 * computes the SHA-256, and decides the type from magic bytes (PDF, JPEG, PNG, HEIC, DOCX).
 * Only the first 4 KiB and the last 256 KiB are kept: DOCX is a zip, recognised by its central
 * directory (at the end) naming word/document.xml. The zip is never decompressed, so a zip bomb
 * costs nothing here, and a .docx is only ever served as an attachment.
 */
import { createHash } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import { DOCUMENT_TYPES, type DocumentContentType } from '#shared/contracts/documents.ts'
import { AppError } from '../errors'

const HEAD_BYTES = 4096
const TAIL_BYTES = 256 * 1024
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

export const ALLOWED_TYPES_TEXT = Object.values(DOCUMENT_TYPES).join(', ')

/** Thrown through the stream; mapped to 413 by the use case. */
export class UploadTooLargeError extends Error {
  constructor(public readonly maxBytes: number) {
    super(`The file is larger than ${formatMegabytes(maxBytes)}.`)
    this.name = 'UploadTooLargeError'
  }
}

/** '50 MB' for 52,428,800 bytes (binary megabytes, as file managers show them). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
}

/** The type the first bytes announce: a final type, 'zip' (a DOCX candidate), or null (refused). */
export function sniffHead(head: Buffer): DocumentContentType | 'zip' | null {
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf'
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    if (HEIC_BRANDS.has(head.subarray(8, 12).toString('latin1'))) return 'image/heic'
    return null
  }
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip'
  return null
}

/**
 * True when `tail` (the last bytes of a zip of `totalBytes`) holds an end-of-central-directory
 * record whose central directory lies within `tail` and names both word/document.xml and
 * [Content_Types].xml: the shape of a Word document (ECMA-376 part 2, OPC).
 */
export function zipTailIsDocx(tail: Buffer, totalBytes: number): boolean {
  const tailStart = totalBytes - tail.length
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 65535); i--) {
    if (tail.readUInt32LE(i) !== 0x06054b50) continue
    const entries = tail.readUInt16LE(i + 10)
    const cdSize = tail.readUInt32LE(i + 12)
    const cdOffset = tail.readUInt32LE(i + 16) - tailStart
    if (cdOffset < 0 || cdOffset + cdSize > i) return false
    const names = new Set<string>()
    let p = cdOffset
    for (let n = 0; n < entries && p + 46 <= i; n++) {
      if (tail.readUInt32LE(p) !== 0x02014b50) return false
      const nameLen = tail.readUInt16LE(p + 28)
      const extraLen = tail.readUInt16LE(p + 30)
      const commentLen = tail.readUInt16LE(p + 32)
      names.add(tail.subarray(p + 46, p + 46 + nameLen).toString('utf8'))
      p += 46 + nameLen + extraLen + commentLen
    }
    return names.has('word/document.xml') && names.has('[Content_Types].xml')
  }
  return false
}

export interface InspectedUpload {
  contentType: DocumentContentType
  sizeBytes: number
  sha256: string
}

/** A pass-through stream that refuses what is too large or of the wrong type as early as it can. */
export class UploadInspector extends Transform {
  private readonly hash = createHash('sha256')
  private head = Buffer.alloc(0)
  private tail = Buffer.alloc(0)
  private kind: DocumentContentType | 'zip' | null | undefined
  sizeBytes = 0
  result: InspectedUpload | undefined

  constructor(private readonly maxBytes: number) {
    super()
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.sizeBytes += chunk.length
    if (this.sizeBytes > this.maxBytes) return cb(new UploadTooLargeError(this.maxBytes))
    this.hash.update(chunk)
    if (this.kind === undefined) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES)
      if (this.head.length >= 16) {
        this.kind = sniffHead(this.head)
        if (!this.kind) return cb(unsupported())
      }
    }
    if (this.kind === 'zip' || this.kind === undefined) {
      this.tail = Buffer.concat([this.tail, chunk])
      if (this.tail.length > TAIL_BYTES) this.tail = Buffer.from(this.tail.subarray(this.tail.length - TAIL_BYTES))
    }
    cb(null, chunk)
  }

  override _flush(cb: TransformCallback): void {
    if (this.sizeBytes === 0) return cb(new AppError('unprocessable', 'The file is empty (0 bytes).'))
    if (this.kind === undefined) this.kind = sniffHead(this.head)
    let type = this.kind
    if (type === 'zip') type = zipTailIsDocx(this.tail, this.sizeBytes) ? DOCX : null
    if (!type) return cb(unsupported())
    this.result = { contentType: type, sizeBytes: this.sizeBytes, sha256: this.hash.digest('hex') }
    cb()
  }
}

function unsupported(): AppError {
  return new AppError(
    'unsupported_media_type',
    `This type of file is not accepted. Upload a ${ALLOWED_TYPES_TEXT} file.`,
  )
}
