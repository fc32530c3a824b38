// Any S3-compatible bucket (AWS S3, MinIO, R2, COS, OSS…), signed with AWS Signature V4 by aws4fetch.
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type StorageProvider } from './provider';

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read objects (a CDN or the bucket's public address). */
  publicBaseUrl: string;
  /** The signing instant; tests pass a fixed one. */
  now?: () => Date;
};

/** `20130524T000000Z`, the form AWS Signature V4 dates requests with. */
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

export function s3StorageProvider(options: S3Options): StorageProvider {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const objectUrl = (key: string) => {
    assertSafeKey(key);
    return `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}/${key}`;
  };
  const datetime = () => amzDate((options.now ?? (() => new Date()))());
  const send = async (key: string, init: RequestInit) => {
    const response = await client.fetch(objectUrl(key), { ...init, aws: { datetime: datetime() } });
    if (!response.ok && response.status !== 404)
      throw new Error(`S3 ${init.method} ${key}: HTTP ${response.status}`);
    return response;
  };
  return {
    name: 's3',
    async put(key, body, contentType) {
      await send(key, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType },
      });
    },
    async get(key) {
      const response = await send(key, { method: 'GET' });
      return response.status === 404 ? null : Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      await send(key, { method: 'DELETE' });
    },
    publicUrl: (key) => `${options.publicBaseUrl.replace(/\/+$/, '')}/${key}`,
    async presignPut(key, contentType, seconds) {
      const url = new URL(objectUrl(key));
      url.searchParams.set('X-Amz-Expires', String(seconds));
      const signed = await client.sign(url.toString(), {
        method: 'PUT',
        headers: { 'content-type': contentType },
        aws: { signQuery: true, datetime: datetime() },
      });
      return signed.url;
    },
  };
}
