// Uploads: hand out a credential, then accept the file — checked, re-encoded, stored, recorded with
// its owner. Local storage receives the file through the portal; S3 through a presigned PUT that
// the portal then fetches, checks and re-encodes before anything becomes public.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { processImage, UPLOAD_RULES, type UploadPurpose } from './images';
import { storage } from './index';
import { isPrivateKey } from './provider';
import { uploads } from './schema';
import { readUploadToken, signUploadToken, UPLOAD_TOKEN_SECONDS } from './upload-token';
import { processVideo } from './videos';

const incomingKey = (id: string) => `incoming/${id}.bin`;

export async function issueUploadCredential(db: DbOrTx, userId: number, purpose: UploadPurpose, now: Date) {
  const id = randomBytes(16).toString('hex');
  const expires = Math.floor(now.getTime() / 1000) + UPLOAD_TOKEN_SECONDS;
  const token = await signUploadToken(db, { user: userId, purpose, id, expires });
  const provider = storage();
  const direct = provider.presignPut
    ? await provider.presignPut(incomingKey(id), 'application/octet-stream', UPLOAD_TOKEN_SECONDS)
    : null;
  return {
    token,
    provider: provider.name,
    /** Local: POST multipart `file` + `token` here. S3: PUT the raw file, then POST `api/upload/complete`. */
    upload_url: direct ?? '/api/upload',
    method: direct ? ('PUT' as const) : ('POST' as const),
    max_bytes: UPLOAD_RULES[purpose].maxBytes,
    expires_at: new Date(expires * 1000),
  };
}

async function store(
  db: DbOrTx,
  userId: number,
  claims: { purpose: UploadPurpose; id: string },
  bytes: Buffer,
) {
  if (claims.purpose === 'video') return storeVideo(db, userId, claims.id, bytes);
  const image = await processImage(claims.purpose, bytes);
  const key = `${claims.purpose}/${claims.id}.${image.extension}`;
  const provider = storage();
  await assertUnused(db, key);
  await provider.put(key, image.body, image.contentType);
  const [row] = await db
    .insert(uploads)
    .values({
      userId,
      purpose: claims.purpose,
      key,
      // Private files get no public address: operators fetch them by key through the API.
      url: isPrivateKey(key) ? '' : provider.publicUrl(key),
      bytes: image.body.length,
      width: image.width,
      height: image.height,
    })
    .returning();
  return row!;
}

async function assertUnused(db: DbOrTx, key: string) {
  const [existing] = await db.select().from(uploads).where(eq(uploads.key, key));
  if (existing) throw new DomainError('UPLOAD_TOKEN_USED');
}

/** Videos are kept as sent (re-encoding belongs to a transcoding job, not a request); the poster beside. */
async function storeVideo(db: DbOrTx, userId: number, id: string, bytes: Buffer) {
  const video = await processVideo(bytes);
  const key = `video/${id}.${video.extension}`;
  const posterKey = `video/${id}.jpg`;
  const provider = storage();
  await assertUnused(db, key);
  await provider.put(posterKey, video.poster, 'image/jpeg');
  await provider.put(key, bytes, video.contentType);
  const [row] = await db
    .insert(uploads)
    .values({
      userId,
      purpose: 'video',
      key,
      url: provider.publicUrl(key),
      bytes: bytes.length,
      width: video.width,
      height: video.height,
      durationS: video.durationS,
      posterUrl: provider.publicUrl(posterKey),
    })
    .returning();
  return row!;
}

/** Local flow: the file came with the request. */
export async function acceptUpload(db: DbOrTx, userId: number, token: string, bytes: Buffer, now: Date) {
  const claims = await readUploadToken(db, token, userId, now.getTime());
  return store(db, userId, claims, bytes);
}

/** S3 flow: the browser PUT the file to the presigned address; fetch it, check it, keep the result. */
export async function completeUpload(db: DbOrTx, userId: number, token: string, now: Date) {
  const claims = await readUploadToken(db, token, userId, now.getTime());
  const provider = storage();
  const bytes = await provider.get(incomingKey(claims.id));
  if (!bytes) throw new DomainError('UPLOAD_MISSING');
  try {
    return await store(db, userId, claims, bytes);
  } finally {
    await provider.delete(incomingKey(claims.id));
  }
}

/** An upload of this user's for this purpose, found by its storage key (private files have no URL). */
export async function findOwnUploadByKey(db: DbOrTx, userId: number, key: string, purpose: UploadPurpose) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.userId, userId), eq(uploads.purpose, purpose)));
  return row ?? null;
}

/** An upload of this user's for this purpose, found by its public address. */
export async function findOwnUpload(db: DbOrTx, userId: number, url: string, purpose: UploadPurpose) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.userId, userId), eq(uploads.purpose, purpose)));
  return row ?? null;
}
