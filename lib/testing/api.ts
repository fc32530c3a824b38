// Calls the API app in-process the way a browser or the mobile app would, for integration tests.
import type { ApiApp } from '@/lib/server/api-app';

export type Envelope<T = unknown> = { code: number; msg: string; data: T };

export function apiCaller(app: () => ApiApp) {
  return async function call<T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET');
    const response = await app().request(path, { ...init, method, headers, body });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Envelope<T>,
    };
  };
}
