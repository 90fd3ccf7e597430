import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, sizeCap, type FileStore } from './file-store.ts';

export interface S3FileStoreOptions {
  bucket: string;
  /** An S3-compatible service's URL (MinIO, Ceph, a cloud's object storage); unset is AWS. */
  endpoint?: string;
  /** Unset: the SDK's own (AWS_REGION, the profile). */
  region?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`, as most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Prepended to every key, so the platform can share a bucket: `alpenkube/`. */
  prefix: string;
}

/** S3's smallest part; a file no larger than this is sent in one PutObject. */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket, shared by every instance. Credentials come from the SDK's
 * usual chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 * A stream of unknown length is sent in 5 MB parts (lib-storage's Upload), one part in memory
 * at a time; a failed or refused upload is aborted, so its parts do not linger.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.region ? { region: options.region } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's
    // newer default trailers. Each file's SHA-256 is kept in the database anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) => {
    assertValidKey(key);
    return `${options.prefix}${key}`;
  };

  return {
    description: `S3 bucket ${Bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`,

    async put(key, source, { maxBytes }) {
      const cap = sizeCap(maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: cap, ContentType: 'application/octet-stream' },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      const feeding = pipeline(source, cap);
      const uploading = upload.done();
      // An upload that fails stops reading: the feeding side must not wait for it forever.
      uploading.catch(() => cap.destroy());
      const [fed, uploaded] = await Promise.allSettled([feeding, uploading]);
      // The source's own refusal (too large, a type not allowed) says more than the upload's.
      if (
        fed.status === 'rejected' &&
        (fed.reason as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE'
      ) {
        throw fed.reason;
      }
      if (uploaded.status === 'rejected') throw uploaded.reason;
      if (fed.status === 'rejected') throw fed.reason;
      return { sizeBytes: cap.bytes };
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return { stream: object.Body as Readable, sizeBytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { sizeBytes: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
