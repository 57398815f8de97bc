import { MEGABYTE } from '@portal/resources';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, MeteredStream, sha256Of, type FileStorage } from './file-storage.js';

export interface S3StorageConfig {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, Ceph, a cloud's S3 API); unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Static credentials; unset: the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; most self-hosted servers need it. */
  forcePathStyle: boolean;
}

/**
 * Streamed uploads go in parts of this size, at most QUEUE_SIZE parts in flight: one upload holds at most
 * (QUEUE_SIZE + 1) × PART_SIZE bytes in memory, whatever the file's size. 5 MiB is the smallest part S3 takes.
 */
const PART_SIZE = 5 * MEGABYTE;
const QUEUE_SIZE = 2;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket. An object appears only once its upload completed (a single PutObject, or
 * CompleteMultipartUpload), so no temporary name is needed; a failed multipart upload is aborted, leaving no
 * parts behind. Small `put`s carry their SHA-256 so the server checks the bytes it stored.
 */
export function s3FileStorage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where an operation needs one: not every S3-compatible server speaks the newer
    // aws-chunked trailing checksums, and our own SHA-256 is computed on the way anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const key = (value: string) => {
    assertStorageKey(value);
    return value;
  };

  return {
    async put(objectKey, body) {
      const sha256 = sha256Of(body);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key(objectKey),
          Body: body,
          ContentLength: body.length,
          ChecksumSHA256: createHash('sha256').update(body).digest('base64'),
        }),
      );
      return { size: body.length, sha256 };
    },

    async putStream(objectKey, body: Readable, { maxBytes }) {
      const meter = new MeteredStream(maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key(objectKey), Body: meter },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      const feeding = pipeline(body, meter);
      // Both settle before we answer, so a refused body leaves no multipart upload behind.
      const [fed, uploaded] = await Promise.allSettled([
        feeding,
        upload.done().catch((error: unknown) => {
          // The store refused: stop reading the body, so `feeding` settles too.
          meter.destroy(error as Error);
          throw error;
        }),
      ]);
      // A failure while the body was read (too big, client gone) is the one the caller should see.
      if (fed.status === 'rejected') throw fed.reason;
      if (uploaded.status === 'rejected') throw uploaded.reason;
      return meter.result();
    },

    async get(objectKey, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key(objectKey),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // A ranged answer's length is the range's; the whole size follows the slash of its Content-Range.
        const whole = range ? Number(answer.ContentRange?.split('/')[1]) : answer.ContentLength;
        return { stream: answer.Body as Readable, size: Number.isFinite(whole) ? whole! : 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(objectKey) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(objectKey) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(objectKey) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(objectKey) }));
    },

    async close() {
      client.destroy();
    },
  };
}
