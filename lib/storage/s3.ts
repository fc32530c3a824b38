// Any S3-compatible bucket (AWS S3, MinIO, R2, COS, OSS…), signed with AWS Signature V4 by aws4fetch.
// `s3Bucket` is the bucket itself (objects by any key the caller chose, and listing by prefix: the
// scheduled backups use it, lib/jobs/backup.ts); `s3StorageProvider` is the uploads' store on top of it.
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type StorageProvider } from './provider';

export type S3BucketOptions = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The signing instant; tests pass a fixed one. */
  now?: () => Date;
};

export type S3Options = S3BucketOptions & {
  /** Where browsers read objects (a CDN or the bucket's public address). */
  publicBaseUrl: string;
};

/** `20130524T000000Z`, the form AWS Signature V4 dates requests with. */
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

/** One object of a listing. */
export type S3Object = { key: string; size: number; lastModified: Date };

const xmlText = (value: string) =>
  value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
const tag = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? xmlText(match[1]!) : undefined;
};

export function s3Bucket(options: S3BucketOptions) {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}`;
  const objectUrl = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const datetime = () => amzDate((options.now ?? (() => new Date()))());
  /** A 404 answers null to a read and is nothing to a removal; to a write or a listing it is a failure. */
  const send = async (url: string, init: RequestInit, what: string) => {
    const response = await client.fetch(url, { ...init, aws: { datetime: datetime() } });
    const absent =
      response.status === 404 &&
      (init.method === 'DELETE' || (init.method === 'GET' && !what.startsWith('list ')));
    if (!response.ok && !absent) throw new Error(`S3 ${init.method} ${what}: HTTP ${response.status}`);
    return response;
  };
  return {
    objectUrl,
    async put(key: string, body: Uint8Array, contentType: string) {
      await send(
        objectUrl(key),
        { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } },
        key,
      );
    },
    async get(key: string) {
      const response = await send(objectUrl(key), { method: 'GET' }, key);
      return response.status === 404 ? null : Buffer.from(await response.arrayBuffer());
    },
    async delete(key: string) {
      await send(objectUrl(key), { method: 'DELETE' }, key);
    },
    /** Every object whose key starts with `prefix` (ListObjectsV2, page after page). */
    async list(prefix: string): Promise<S3Object[]> {
      const objects: S3Object[] = [];
      let token: string | undefined;
      do {
        const url = new URL(`${base}/`);
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', prefix);
        if (token) url.searchParams.set('continuation-token', token);
        const response = await send(url.toString(), { method: 'GET' }, `list ${prefix}`);
        const xml = await response.text();
        for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g))
          objects.push({
            key: tag(entry!, 'Key') ?? '',
            size: Number(tag(entry!, 'Size') ?? 0),
            lastModified: new Date(tag(entry!, 'LastModified') ?? 0),
          });
        token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
      } while (token);
      return objects;
    },
    async presignPut(key: string, contentType: string, seconds: number) {
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

export function s3StorageProvider(options: S3Options): StorageProvider {
  const bucket = s3Bucket(options);
  const safe = (key: string) => {
    assertSafeKey(key);
    return key;
  };
  return {
    name: 's3',
    put: (key, body, contentType) => bucket.put(safe(key), body, contentType),
    get: (key) => bucket.get(safe(key)),
    delete: (key) => bucket.delete(safe(key)),
    publicUrl: (key) => `${options.publicBaseUrl.replace(/\/+$/, '')}/${key}`,
    presignPut: (key, contentType, seconds) => bucket.presignPut(safe(key), contentType, seconds),
  };
}
