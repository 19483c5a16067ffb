import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { FileStorage } from './storage';

/** Where an S3 bucket is and how to reach it (read from STORAGE_URL by `s3Location`). */
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  /** An S3-compatible service (MinIO, Ceph, OSS in S3 mode); unset: AWS itself. */
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * STORAGE_URL for a bucket: `s3://bucket/prefix` (AWS, credentials and region from the
 * SDK's usual environment), or `s3+http://key:secret@host:port/bucket/prefix` and
 * `s3+https://...` for an S3-compatible service, addressed by path.
 */
export function s3Location(url: URL, env: NodeJS.ProcessEnv): S3Location {
  const region = url.searchParams.get('region') ?? env.AWS_REGION ?? 'us-east-1';
  if (url.protocol === 's3:') {
    return { bucket: url.hostname, prefix: prefixOf(url.pathname.slice(1)), region };
  }
  const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
  if (!bucket) throw new Error('STORAGE_URL names no bucket (s3+http://host:port/bucket)');
  return {
    bucket,
    prefix: prefixOf(rest.join('/')),
    endpoint: `${url.protocol === 's3+https:' ? 'https' : 'http'}://${url.host}`,
    region,
    ...(url.username
      ? {
          credentials: {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          },
        }
      : {}),
  };
}

const prefixOf = (path: string) => (path && !path.endsWith('/') ? `${path}/` : path);

/** Files in a bucket, so every machine of a deployment reads what any of them stored. */
export function s3Storage(location: S3Location): FileStorage {
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
  });
  const object = (key: string) => ({ Bucket: location.bucket, Key: location.prefix + key });
  return {
    async put(key, bytes) {
      if (Buffer.isBuffer(bytes)) {
        await client.send(new PutObjectCommand({ ...object(key), Body: bytes }));
        return;
      }
      // A stream of a length not known ahead goes up in parts (5 MiB each, a few at a time),
      // the upload aborted if the stream fails.
      await new Upload({ client, params: { ...object(key), Body: bytes } }).done();
    },
    async read(key) {
      const { Body } = await client.send(new GetObjectCommand(object(key)));
      if (Body instanceof Readable) return Body;
      throw new Error(`storage: no body for ${key}`);
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand(object(key)));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return false;
        }
        throw error;
      }
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket: location.bucket }));
      return true;
    },
  };
}
