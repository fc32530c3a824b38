// The storage this process uses, from config.
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { localStorageProvider } from './local';
import type { StorageProvider } from './provider';
import { s3StorageProvider } from './s3';

let cached: StorageProvider | undefined;

export function storage(): StorageProvider {
  if (cached) return cached;
  const config = getConfig();
  cached =
    config.STORAGE_PROVIDER === 's3'
      ? s3StorageProvider({
          endpoint: config.S3_ENDPOINT!,
          bucket: config.S3_BUCKET!,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID!,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
          publicBaseUrl: config.S3_PUBLIC_URL!,
        })
      : localStorageProvider(path.resolve(config.DATA_DIR, 'uploads'));
  return cached;
}

/** Tests swap in their own provider. */
export function replaceStorage(provider: StorageProvider | undefined) {
  cached = provider;
}
