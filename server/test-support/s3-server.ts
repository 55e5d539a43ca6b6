import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** The settings that point the server at this bucket (STORAGE=s3 and the S3_* names). */
  env: Record<string, string>;
  bucket: string;
  /** Every key in the bucket, as s3rver keeps them on its disk. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on loopback (s3rver, storing on a temp disk folder) with one
 * bucket; the server under test talks to it through the AWS SDK as it would to AWS or MinIO.
 */
export async function startS3Server(bucket = 'atlasboard-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'atlasboard-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      // s3rver's fixed pair; it checks every request's signature against it.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      // s3rver keeps an object `a/b` as `<bucket>/a/b._S3rver_object` (plus metadata files).
      const root = path.join(directory, bucket);
      const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
      return entries
        .filter((entry) => entry.endsWith('._S3rver_object'))
        .map((entry) => entry.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
        .sort();
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
