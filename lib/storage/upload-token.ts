// Upload credentials (spec §7 `getQiniuToken`): a signed, short-lived statement of who may upload
// what, and under which key. Nothing is stored until the file arrives.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { secretFor } from '@/lib/system/secrets';
import { UPLOAD_PURPOSES } from './images';

export const UPLOAD_TOKEN_SECONDS = 15 * 60;

const claimsSchema = z.object({
  user: z.number(),
  purpose: z.enum(UPLOAD_PURPOSES),
  /** Random id the stored file is named after. */
  id: z.string().regex(/^[0-9a-f]{32}$/),
  expires: z.number(),
});

export type UploadClaims = z.infer<typeof claimsSchema>;

const mac = async (db: DbOrTx, payload: string) =>
  createHmac('sha256', await secretFor(db, 'upload'))
    .update(payload)
    .digest('base64url');

export async function signUploadToken(db: DbOrTx, claims: UploadClaims) {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${await mac(db, payload)}`;
}

export async function readUploadToken(db: DbOrTx, token: string, userId: number, now: number) {
  const [payload, signature] = token.split('.');
  const expected = payload ? await mac(db, payload) : '';
  if (!payload || !signature || signature.length !== expected.length)
    throw new DomainError('UPLOAD_TOKEN_INVALID');
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
    throw new DomainError('UPLOAD_TOKEN_INVALID');
  const claims = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  if (!claims.success || claims.data.user !== userId) throw new DomainError('UPLOAD_TOKEN_INVALID');
  if (claims.data.expires * 1000 < now) throw new DomainError('UPLOAD_TOKEN_EXPIRED');
  return claims.data;
}
