/**
 * S3-compatible storage (@aws-sdk/client-s3). Uploads stream in 8 MiB parts (multipart upload), so
 * memory stays bounded whatever the file size; a body that fails aborts the multipart upload, which
 * leaves no object. Small bodies (under one part) go up in one PutObject. Checksum calculation is
 * "when required" only: with the SDK's default, s3rver stores streamed uploads corrupted.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { Readable } from 'node:stream'
import { assertStorageKey, StorageNotFoundError, type ObjectStorage } from './storage'

/** Part size of multipart uploads: S3's minimum is 5 MiB for every part but the last. */
export const S3_PART_BYTES = 8 * 1024 * 1024

export interface S3StorageOptions {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle?: boolean
}

/** Creates S3 storage on `bucket` (which must exist). */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = options.bucket

  return {
    driver: 's3',
    async put(key, body, { contentType }) {
      assertStorageKey(key)
      let uploadId: string | undefined
      const parts: { ETag: string; PartNumber: number }[] = []
      let pending: Buffer[] = []
      let pendingBytes = 0
      let sizeBytes = 0
      const flushPart = async () => {
        if (!uploadId) {
          const created = await client.send(
            new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
          )
          uploadId = created.UploadId!
        }
        const PartNumber = parts.length + 1
        const chunk = Buffer.concat(pending, pendingBytes)
        pending = []
        pendingBytes = 0
        const res = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: chunk }),
        )
        parts.push({ ETag: res.ETag!, PartNumber })
      }
      try {
        // A Readable's chunks are typed `any`: the uploads given to put() are byte streams (a string chunk is made bytes).
        for await (const chunk of body) {
          const c: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
          pending.push(c)
          pendingBytes += c.length
          sizeBytes += c.length
          if (pendingBytes >= S3_PART_BYTES) await flushPart()
        }
        if (!uploadId) {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: key,
              Body: Buffer.concat(pending, pendingBytes),
              ContentType: contentType,
              ContentLength: pendingBytes,
            }),
          )
          return { sizeBytes }
        }
        if (pendingBytes > 0) await flushPart()
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        )
        return { sizeBytes }
      } catch (err) {
        if (uploadId) {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => {})
        }
        throw err
      }
    },
    async get(key) {
      assertStorageKey(key)
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        // Under Node the SDK's body is a Readable (an IncomingMessage with the SDK's stream helpers).
        if (!(res.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`)
        return { body: res.Body, sizeBytes: Number(res.ContentLength ?? 0) }
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key)
        throw err
      }
    },
    async exists(key) {
      assertStorageKey(key)
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (err) {
        if (isNotFound(err)) return false
        throw err
      }
    },
    async delete(key) {
      assertStorageKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async list(prefix, options = {}) {
      const keys: string[] = []
      let ContinuationToken: string | undefined
      do {
        const res = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        for (const o of res.Contents ?? []) {
          if (!o.Key) continue
          if (options.olderThan && !(o.LastModified && o.LastModified < options.olderThan)) continue
          keys.push(o.Key)
        }
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined
      } while (ContinuationToken)
      return keys.sort()
    },
    async sweepIncomplete(olderThan) {
      let removed = 0
      let res
      try {
        res = await client.send(new ListMultipartUploadsCommand({ Bucket }))
      } catch (err) {
        // Some S3-compatible stores (s3rver among them) cannot list multipart uploads; there the
        // bucket's lifecycle rule AbortIncompleteMultipartUpload is what clears them.
        if (err instanceof Error && err.name === 'NotImplemented') return 0
        throw err
      }
      for (const u of res.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= olderThan) continue
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }))
        removed++
      }
      return removed
    },
    async presignGet(key, { expiresInSeconds, contentType, contentDisposition }) {
      assertStorageKey(key)
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition,
        }),
        { expiresIn: expiresInSeconds },
      )
    },
  }
}

function isNotFound(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  return (
    err.name === 'NoSuchKey' ||
    err.name === 'NotFound' ||
    (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
  )
}
