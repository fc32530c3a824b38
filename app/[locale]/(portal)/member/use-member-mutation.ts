'use client';
// The user-center forms' send: a refusal beside the form (lib/http/use-form-post), a toast on success,
// and the server-rendered page read again to show the change.
import { useRouter } from 'next/navigation';
import { useFormPost } from '@/lib/http/use-form-post';

export function useMemberMutation<Body extends object>(
  path: string,
  texts: { success: string; failed: string },
) {
  const router = useRouter();
  return useFormPost<Body>(path, {
    failed: texts.failed,
    onSuccess: () => {
      import('sonner').then(({ toast }) => toast.success(texts.success));
      router.refresh();
    },
  });
}
