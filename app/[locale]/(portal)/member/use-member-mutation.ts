'use client';
// One way for the user-center forms to send: the server validates with the route's schema and
// answers a translated, field-specific message, shown beside the form instead of a toast.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ApiError, api } from '@/lib/http/client';

export function useMemberMutation<Body extends object>(
  path: string,
  texts: { success: string; failed: string },
) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: Body) => api.post<unknown>(path, body, { silent: true }),
    onMutate: () => setError(null),
    onSuccess: () => {
      import('sonner').then(({ toast }) => toast.success(texts.success));
      // The page is rendered by the server from the database: fetch it again to show the change.
      router.refresh();
    },
    onError: (cause) => setError(cause instanceof ApiError ? cause.message : texts.failed),
  });
  return { ...mutation, error };
}
