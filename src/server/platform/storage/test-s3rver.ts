/**
 * Test helper: a local S3 (s3rver) on a free port with one bucket, and the Config overrides that point
 * the app at it. Credentials are s3rver's fixed S3RVER/S3RVER.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { Config } from '#server/config.ts'

export interface TestS3 {
  config: Partial<Config>
  close(): Promise<void>
}

/** Starts s3rver with bucket `bucket`; call `close()` in afterAll. */
export async function startTestS3(bucket = 'homeward-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    config: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
