// The one way a screen sends (a TanStack Query mutation over the API client): `isPending` while it goes,
// the API's refusal translated and naming the field (`error`, shown beside the form, or left to the
// client's toast with `refusal: 'toast'`), then on success an optional toast (`success`), the
// server-rendered page read again (`refresh`) and the caller's `onSuccess`. What is sent is a path
// (posted as JSON or FormData) or a function of the body for a send of several steps (an upload, then
// the post). `FormDialog` takes the result as `send`. lib/server/pending-flags.test.ts refuses a screen
// that keeps its own pending flag instead.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { ApiError } from './client';
import { httpTexts } from './texts';

// The client (ky) loads with the first send, not with the page.
const client = () => import('./client');

/** What a failed send shows: the API's own message, or `failed` for anything else (null: no failure). */
export function refusalOf(cause: unknown, failed: string) {
  if (!cause) return null;
  return cause instanceof Error && cause.name === 'ApiError' ? (cause as ApiError).message : failed;
}

export type FormPostOptions<Body, Result> = {
  /** What any failure but the API's refusal reads as (the network, a timeout); the client's generic line if none. */
  failed?: string;
  /** A toast once it went through. */
  success?: string;
  /** Read the server-rendered page again once it went through. */
  refresh?: boolean;
  /** `inline` (the default): the refusal is `error`, shown by the form; `toast`: the client toasts it. */
  refusal?: 'inline' | 'toast';
  onSuccess?: (result: Result, body: Body) => unknown;
  onError?: (cause: unknown, body: Body) => void;
  onSettled?: () => void;
};

export function useFormPost<Body = object, Result = unknown>(
  send: string | ((body: Body) => Promise<Result>),
  options: FormPostOptions<Body, Result> = {},
) {
  const router = useRouter();
  const silent = options.refusal !== 'toast';
  const mutation = useMutation({
    mutationFn: async (body: Body) =>
      typeof send === 'string'
        ? (await client()).api.post<Result>(send, (body ?? {}) as object, { silent })
        : send(body),
    onSuccess: (result, body) => {
      if (options.success) {
        const text = options.success;
        import('sonner').then(({ toast }) => toast.success(text));
      }
      if (options.refresh) router.refresh();
      // A promise returned (a query read again) keeps the send pending until it settles.
      return options.onSuccess?.(result, body);
    },
    onError: options.onError,
    onSettled: options.onSettled,
  });
  // `error`: what to show; `cause`: what was thrown (a form that throws its own translated check reads it).
  return {
    ...mutation,
    cause: mutation.error,
    error: refusalOf(mutation.error, options.failed ?? httpTexts.error),
    // Clears a refusal or a past success; a send under way is never let go of (its button stays off).
    reset: () => {
      if (!mutation.isPending) mutation.reset();
    },
  };
}

/** What `FormDialog` and the forms read of a send. */
export type FormSend = { error: string | null; isPending: boolean; reset: () => void };
