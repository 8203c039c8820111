/**
 * Object storage for uploaded files, behind one interface (CONVENTIONS.md, platform/): local disk
 * under DATA_DIR by default, any S3-compatible store when STORAGE_DRIVER=s3. Keys are ours
 * (`documents/<transaction id>/<random uuid>`), never a user's file name.
 */
import type { Readable } from 'node:stream'

export interface StoredObject {
  body: Readable
  sizeBytes: number
}

export interface PresignOptions {
  /** Seconds until the URL stops working. */
  expiresInSeconds: number
  contentType?: string
  contentDisposition?: string
}

export interface ObjectStorage {
  readonly driver: 'disk' | 's3'
  /**
   * Streams `body` to `key` without holding the whole file in memory. Resolves once the object is
   * complete and visible; rejects when the body errors or is destroyed, and then leaves nothing
   * behind under `key` (partial data is removed). Returns the bytes written.
   */
  put(key: string, body: Readable, options: { contentType: string }): Promise<{ sizeBytes: number }>
  /** Opens the object for reading. Throws StorageNotFoundError when there is none. */
  get(key: string): Promise<StoredObject>
  /** True when the object exists. */
  exists(key: string): Promise<boolean>
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>
  /** Keys under `prefix` (a key prefix ending in '/'), only those last written before `olderThan` when given. */
  list(prefix: string, options?: { olderThan?: Date }): Promise<string[]>
  /**
   * Removes what interrupted writes left behind before `olderThan`: temporary files (disk) or
   * incomplete multipart uploads (S3), e.g. after the process was killed mid-upload. Returns how many.
   */
  sweepIncomplete(olderThan: Date): Promise<number>
  /** A presigned GET URL (S3), or null where the store has none (disk: the app signs its own URLs). */
  presignGet(key: string, options: PresignOptions): Promise<string | null>
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`)
    this.name = 'StorageNotFoundError'
  }
}

/** Our keys: lower-case letters, digits, '-', '_' and '/' separators; never '..', never absolute. */
const KEY_RE = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/

/** Throws unless `key` is a storage key we could have made (defence in depth against path tricks). */
export function assertStorageKey(key: string): void {
  if (!KEY_RE.test(key) || key.length > 200) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}
