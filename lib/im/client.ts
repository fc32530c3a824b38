// The page's IM provider (one per page): the built-in socket provider unless the server hands out
// Tencent credentials, in which case `tim-js-sdk` is loaded (and only then).
import { api } from '@/lib/http/client';
import { appStore, currentUserAtom } from '@/lib/store/atoms';
import type { ImCredentials, ImProvider } from './provider';
import { socketProvider } from './socket-provider';

let current: Promise<ImProvider> | null = null;

export function imProvider(): Promise<ImProvider> {
  // A guest has no credentials to ask for (and a 700 answer would open the login dialog): the built-in
  // provider reads without logging in.
  if (!appStore.get(currentUserAtom)) return Promise.resolve(socketProvider);
  current ??= api
    .get<ImCredentials>('api/im/credentials', undefined, { silent: true })
    .then(async (credentials) =>
      credentials.provider === 'tencent'
        ? (await import('./tencent-provider')).createTencentProvider(credentials)
        : socketProvider,
    )
    // A failure uses the built-in provider.
    .catch(() => socketProvider);
  return current;
}
