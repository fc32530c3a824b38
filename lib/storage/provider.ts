// Where uploaded files live. Built in: a folder on this machine served by the portal. Real: any
// S3-compatible bucket (presigned uploads, then checked and re-encoded by the server).
export interface StorageProvider {
  readonly name: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The address browsers load the file from. */
  publicUrl(key: string): string;
  /** S3 only: a URL the browser PUTs the raw file to, valid for `seconds`. */
  presignPut?(key: string, contentType: string, seconds: number): Promise<string>;
}

/** Keys are ours (random ids under a purpose folder): nothing a user typed ever becomes a path. */
export const SAFE_KEY =
  /^(incoming|avatar|cover|image|identity|video)\/[0-9a-f]{32}\.(webp|jpg|png|bin|mp4|webm)$/;

/** Purposes whose files are never public (ID photos): operators read them through the API. */
export const isPrivateKey = (key: string) => key.startsWith('identity/');

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}
