/**
 * The configured object storage: disk under `<DATA_DIR>/objects` (default) or S3 when
 * STORAGE_DRIVER=s3. One instance per Config object, shared by every feature that stores files.
 */
import path from 'node:path'
import type { Config } from '../../config'
import { createDiskStorage } from './disk-storage'
import { createS3Storage } from './s3-storage'
import type { ObjectStorage } from './storage'

export type { ObjectStorage } from './storage'
export { StorageNotFoundError } from './storage'

const instances = new WeakMap<Config, ObjectStorage>()

/** Returns the storage for this configuration, creating it on first use. */
export function storageFor(config: Config): ObjectStorage {
  let storage = instances.get(config)
  if (!storage) {
    storage =
      config.STORAGE_DRIVER === 's3'
        ? createS3Storage({
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
