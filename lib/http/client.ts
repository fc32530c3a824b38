// The shared browser client for the API (spec §7, §8): 20 s timeout, token and language headers,
// and one place that reacts to the envelope's codes.
import ky from 'ky';
import { cookieValue } from '@/lib/cookies';
import {
  appStore,
  currentUserAtom,
  loginNeededAtom,
  reloginPromptAtom,
  USER_STORAGE_KEY,
} from '@/lib/store/atoms';
import { AFTER_PUSH_HEADER } from './after-push';
import { httpTexts as texts } from './texts';

export const REQUEST_TIMEOUT_MS = 20_000;
export const ERROR_TOAST_MS = 5_000;
const LOGIN_NEEDED_DEDUPE_MS = 1_000;
const RELOGIN_CODES = new Set([50008, 50012, 50014]);

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const http = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: false,
  credentials: 'same-origin',
  hooks: {
    beforeRequest: [
      (request) => {
        const token = typeof document === 'undefined' ? undefined : cookieValue(document.cookie, 'token');
        if (token) request.headers.set('token', token);
        if (typeof document !== 'undefined' && document.documentElement.lang) {
          request.headers.set('lang', document.documentElement.lang);
        }
      },
    ],
  },
});

let lastLoginReset = 0;

/** Code 700 (spec §8): reset local state, flag that login is needed; at most once a second. */
export function resetForLoginNeeded() {
  const now = Date.now();
  if (now - lastLoginReset < LOGIN_NEEDED_DEDUPE_MS) return;
  lastLoginReset = now;
  localStorage.setItem('index', '0');
  sessionStorage.removeItem(USER_STORAGE_KEY);
  localStorage.removeItem(USER_STORAGE_KEY);
  appStore.set(currentUserAtom, null);
  appStore.set(loginNeededAtom, true);
}

type Options = {
  silent?: boolean;
  signal?: AbortSignal;
  /** The read follows a push announcing a change: served with the change (lib/http/after-push.ts). */
  afterPush?: boolean;
};

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  params: object | undefined,
  options: Options = {},
) {
  const url = `/${path.replace(/^\//, '')}`;
  const response = await http(url, {
    method,
    signal: options.signal,
    headers: options.afterPush ? { [AFTER_PUSH_HEADER]: '1' } : undefined,
    ...(method === 'GET'
      ? { searchParams: params as Record<string, string | number | boolean> | undefined }
      : params instanceof FormData
        ? { body: params }
        : { json: params ?? {} }),
  });
  const body = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null;
  if (!body || typeof body.code !== 'number') throw new ApiError(-1, texts.error);
  if (body.code === 0) return body.data as T;
  if (body.code === 700) {
    resetForLoginNeeded();
  } else if (RELOGIN_CODES.has(body.code)) {
    appStore.set(reloginPromptAtom, true);
  } else if (body.code === 1 && !options.silent) {
    const message = body.msg || texts.error;
    // The toaster loads after the page; importing it here keeps it out of the first load too.
    import('sonner').then(({ toast }) => toast.error(message, { duration: ERROR_TOAST_MS }));
  }
  throw new ApiError(body.code, body.msg || texts.error, body.data);
}

export const api = {
  get: <T>(path: string, params?: object, options?: Options) => call<T>('GET', path, params, options),
  post: <T>(path: string, body?: object, options?: Options) => call<T>('POST', path, body, options),
};
