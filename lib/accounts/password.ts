// Password hashing: argon2id with OWASP's minimum (19 MiB, 2 passes).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string) {
  return verify(passwordHash, password);
}
