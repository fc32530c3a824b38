import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { replaceStorage } from './index';
import { localStorageProvider } from './local';
import { s3StorageProvider } from './s3';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());
const uploads = withTemporaryStorage();

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#f56a1f' } })
    [format]()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .toBuffer();

async function credential(token: string, purpose: string) {
  const reply = await call<{ token: string; upload_url: string; method: string }>(
    '/api/Member/getQiniuToken',
    {
      headers: { token },
      json: { purpose },
    },
  );
  return reply.body.data;
}

async function upload(sessionToken: string, uploadToken: string, bytes: Buffer, name = 'photo.png') {
  const form = new FormData();
  form.set('token', uploadToken);
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return call<{ url: string; width: number; height: number }>('/api/upload', {
    method: 'POST',
    headers: { token: sessionToken, lang: 'en' },
    body: form,
  });
}

describe('local uploads', () => {
  it('re-encodes an avatar to 256×256 WebP without its metadata', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const grant = await credential(token, 'avatar');
    expect(grant).toMatchObject({ upload_url: '/api/upload', method: 'POST' });
    const { body } = await upload(token, grant.token, await picture(800, 600));
    expect(body.data).toMatchObject({
      width: 256,
      height: 256,
      url: expect.stringMatching(/^\/uploads\/avatar\/[0-9a-f]{32}\.webp$/),
    });
    const stored = await fs.readFile(path.join(uploads.root, body.data.url.replace('/uploads/', '')));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
  });

  it('checks a cover by its real bytes, format and 135:76 ratio', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const good = await upload(
      token,
      (await credential(token, 'cover')).token,
      await picture(1350, 760, 'jpeg'),
    );
    expect(good.body.data).toMatchObject({ width: 1080, height: 608 });

    const square = await upload(token, (await credential(token, 'cover')).token, await picture(500, 500));
    expect(square.body).toMatchObject({ code: 1, msg: 'Covers must be 135:76; this image is 500×500' });
    const gif = await upload(
      token,
      (await credential(token, 'cover')).token,
      await picture(1350, 760, 'gif'),
    );
    expect(gif.body.msg).toBe("This image format isn't supported. Please upload JPG / PNG");
    const fake = await upload(
      token,
      (await credential(token, 'cover')).token,
      Buffer.from('not really a png'),
    );
    expect(fake.body.msg).toBe("That doesn't look like an image. Please upload a real image file");
  });

  it('refuses a file over the limit, another user’s credential and a used one', async () => {
    const owner = await makeSignedInUser(testDb.db);
    const other = await makeSignedInUser(testDb.db);
    const tooBig = await upload(
      owner.token,
      (await credential(owner.token, 'avatar')).token,
      Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    );
    expect(tooBig.body.msg).toBe('The file is too large (max 5 MB)');
    expect(tooBig.status).toBe(413);

    const grant = await credential(owner.token, 'avatar');
    const stolen = await upload(other.token, grant.token, await picture(100, 100));
    expect(stolen.body.msg).toBe("The upload credential isn't valid. Please upload again");
    expect((await upload(owner.token, grant.token, await picture(100, 100))).body.code).toBe(0);
    const again = await upload(owner.token, grant.token, await picture(100, 100));
    expect(again.body.msg).toBe('This upload credential was already used. Please upload again');
  });

  it('asks for login and for a known purpose', async () => {
    expect((await call('/api/Member/getQiniuToken', { json: { purpose: 'avatar' } })).body.code).toBe(700);
    const { token } = await makeSignedInUser(testDb.db);
    const bad = await call('/api/Member/getQiniuToken', {
      headers: { token, lang: 'en' },
      json: { purpose: 'exe' },
    });
    expect(bad.body.code).toBe(1);
  });
});

describe("S3-compatible uploads (against s3rver: the S3 protocol; s3.test.ts checks the signatures against AWS's signer)", () => {
  let bucket: S3rver;
  let endpoint: string;
  let directory: string;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
    bucket = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'portal', configs: [] }],
    });
    const { port } = await bucket.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await bucket.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  const provider = () =>
    s3StorageProvider({
      endpoint,
      bucket: 'portal',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicBaseUrl: `${endpoint}/portal`,
    });

  it('presigns a PUT, then checks, re-encodes and keeps the file, served from the public (CDN) URL', async () => {
    replaceStorage(provider());
    try {
      const { token } = await makeSignedInUser(testDb.db);
      const grant = await credential(token, 'image');
      expect(grant.method).toBe('PUT');
      expect(grant.upload_url).toContain('X-Amz-Signature=');
      const put = await fetch(grant.upload_url, {
        method: 'PUT',
        body: new Uint8Array(await picture(2400, 1200)),
      });
      expect(put.status).toBe(200);
      const { body } = await call<{ url: string; width: number }>('/api/upload/complete', {
        headers: { token },
        json: { token: grant.token },
      });
      expect(body.data).toMatchObject({
        width: 1920,
        url: expect.stringMatching(new RegExp(`^${endpoint}/portal/image/`)),
      });
      const served = await fetch(body.data.url);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1920);
      // The raw upload is gone: only the checked file is kept.
      const rawKey = new URL(grant.upload_url).pathname.replace('/portal/', '');
      expect(await provider().get(rawKey)).toBeNull();
      const missing = await call('/api/upload/complete', {
        headers: { token, lang: 'en' },
        json: { token: (await credential(token, 'image')).token },
      });
      expect(missing.body.msg).toBe('No file arrived. Please upload again');
    } finally {
      replaceStorage(localStorageProvider(uploads.root));
    }
  });

  it('is refused by the bucket with unknown credentials', async () => {
    const stranger = s3StorageProvider({
      endpoint,
      bucket: 'portal',
      region: 'us-east-1',
      accessKeyId: 'NOBODY',
      secretAccessKey: 'nothing',
      publicBaseUrl: `${endpoint}/portal`,
    });
    await expect(stranger.put(`image/${'c'.repeat(32)}.png`, Buffer.from('x'), 'image/png')).rejects.toThrow(
      /HTTP 403/,
    );
  });
});
