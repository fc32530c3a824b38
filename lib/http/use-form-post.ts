'use client';
// One way for a form to send (a TanStack Query mutation): the API's refusal, translated and naming the
// field, is shown beside the form instead of a toast (`error`); any other failure reads as `failed`.
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from './client';

/** What a failed send shows: the API's own message, or `failed` for anything else (null: no failure). */
export function refusalOf(cause: unknown, failed: string) {
  if (!cause) return null;
  return cause instanceof ApiError ? cause.message : failed;
}

export function useFormPost<Body extends object, Result = unknown>(
  path: string,
  options: { failed: string; onSuccess?: (result: Result, body: Body) => void },
) {
  const mutation = useMutation({
    mutationFn: (body: Body) => api.post<Result>(path, body, { silent: true }),
    onSuccess: options.onSuccess,
  });
  return { ...mutation, error: refusalOf(mutation.error, options.failed) };
}
