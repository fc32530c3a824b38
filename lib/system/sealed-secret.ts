// Secrets operators type into the console (a bucket's key, an SMS gateway's token), kept sealed in the
// database: AES-256-GCM under a key derived for their purpose (./secrets.ts). Sealed values are never
// answered to a browser or written to the audit log: screens see only whether one is set.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '@/lib/db';
import { secretFor } from './secrets';

async function sealingKey(db: DbOrTx, purpose: string) {
  return createHash('sha256')
    .update(await secretFor(db, purpose))
    .digest();
}

export async function sealSecret(db: DbOrTx, purpose: string, plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(db, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return ['v1', ...parts].join('.');
}

export async function unsealSecret(db: DbOrTx, purpose: string, sealed: string) {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error(`the stored ${purpose} is not readable`);
  const decipher = createDecipheriv(
    'aes-256-gcm',
    await sealingKey(db, purpose),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
