import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { checkedKey } from './storage-key.ts';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId !== undefined && settings.secretAccessKey !== undefined
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the protocol asks for them: S3-compatible servers (MinIO, Ceph,
    // gateways) do not all read the trailing checksums AWS itself now accepts by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404));

/** One bucket for every instance, through the AWS SDK v3; bytes stream both ways. */
export function s3Store(settings: S3Settings): FileStore {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const store: FileStore = {
    kind: 's3',
    async putFile(key, localPath, contentType, options) {
      // Multipart when large (5 MB parts, four in flight): memory stays flat for any size.
      await new Upload({
        client,
        params: {
          Bucket,
          Key: checkedKey(key),
          Body: createReadStream(localPath),
          ...(contentType ? { ContentType: contentType } : {}),
        },
      }).done();
      if (!options?.keep) await rm(localPath, { force: true });
    },
    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('the S3 answer has no readable body');
        return { body: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async withLocalCopy(key, use) {
      const dir = await mkdtemp(path.join(tmpdir(), 'atlasboard-s3-'));
      try {
        const object = await store.open(key);
        if (!object) throw new Error(`no object ${key} in the bucket`);
        const local = path.join(dir, path.basename(key));
        await pipeline(object.body, createWriteStream(local));
        return await use(local);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async remove(keys) {
      // One request per key: every S3-compatible server has DeleteObject, not all DeleteObjects.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }))),
      );
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? [])
          if (item.Key) yield { key: item.Key, modified: item.LastModified ?? new Date(0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close: () => client.destroy(),
  };
  return store;
}
