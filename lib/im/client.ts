'use client';
// The page's IM provider (one per page): the built-in socket provider unless the server hands out
// Tencent credentials, in which case `tim-js-sdk` is loaded (and only then).
import { api } from '@/lib/http/client';
import type { ImCredentials, ImProvider } from './provider';
import { socketProvider } from './socket-provider';

let current: Promise<ImProvider> | null = null;

export function imProvider(): Promise<ImProvider> {
  current ??= api
    .get<ImCredentials>('api/im/credentials', undefined, { silent: true })
    .then(async (credentials) =>
      credentials.provider === 'tencent'
        ? (await import('./tencent-provider')).createTencentProvider(credentials)
        : socketProvider,
    )
    // Guests (no credentials) and failures use the built-in provider, which reads without logging in.
    .catch(() => socketProvider);
  return current;
}
