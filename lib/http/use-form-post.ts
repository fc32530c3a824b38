'use client';
// One way for a form to send (a TanStack Query mutation): the API's refusal, translated and naming the
// field, is shown beside the form instead of a toast (`error`); any other failure reads as `failed`.
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from './client';

export function useFormPost<Body extends object, Result = unknown>(
  path: string,
  options: { failed: string; onSuccess?: (result: Result, body: Body) => void },
) {
  const mutation = useMutation({
    mutationFn: (body: Body) => api.post<Result>(path, body, { silent: true }),
    onSuccess: options.onSuccess,
  });
  const cause = mutation.error;
  const error = cause ? (cause instanceof ApiError ? cause.message : options.failed) : null;
  return { ...mutation, error };
}
