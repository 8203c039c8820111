/**
 * The configured object storage: disk under `<DATA_DIR>/objects` (default) or S3 when
 * STORAGE_DRIVER=s3. One instance per Config object, shared by every feature that stores files.
 */
import path from 'node:path'
import type { Config } from '#server/config.ts'
import { createDiskStorage } from './disk-storage'
import type { S3StorageOptions } from './s3-storage'
import type { ObjectStorage } from './storage'

export type { ObjectStorage, StoredObject } from './storage'
export { StorageNotFoundError } from './storage'

const instances = new WeakMap<Config, ObjectStorage>()

/** Returns the storage for this configuration, creating it on first use. */
export function storageFor(config: Config): ObjectStorage {
  let storage = instances.get(config)
  if (!storage) {
    storage =
      config.STORAGE_DRIVER === 's3'
        ? lazyS3Storage({
            bucket: config.S3_BUCKET!,
            region: config.S3_REGION,
            endpoint: config.S3_ENDPOINT,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
          })
        : createDiskStorage(path.resolve(config.dataDir, 'objects'))
    instances.set(config, storage)
  }
  return storage
}

/**
 * S3 storage whose AWS SDK is imported on first use, not at start-up (the SDK takes about a second
 * to load here; the server should answer before it is needed, and later starts within 5 s).
 */
function lazyS3Storage(options: S3StorageOptions): ObjectStorage {
  let loading: Promise<ObjectStorage> | undefined
  const s3 = () => (loading ??= import('./s3-storage').then((m) => m.createS3Storage(options)))
  return {
    driver: 's3',
    put: async (key, body, opts) => (await s3()).put(key, body, opts),
    get: async (key) => (await s3()).get(key),
    exists: async (key) => (await s3()).exists(key),
    delete: async (key) => (await s3()).delete(key),
    list: async (prefix, opts) => (await s3()).list(prefix, opts),
    sweepIncomplete: async (olderThan) => (await s3()).sweepIncomplete(olderThan),
    presignGet: async (key, opts) => (await s3()).presignGet(key, opts),
  }
}
