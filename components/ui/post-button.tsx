'use client';
// A button that sends one call when pressed (useFormPost): off while it goes, the refusal toasted by the
// shared client, then an optional toast and the page's server markup read again. Server pages render
// everything around it, and its look (`buttonClass` or their own classes); only the send ships.
import { useRouter } from 'next/navigation';
import type { ComponentProps } from 'react';
import { useFormPost } from '@/lib/http/use-form-post';

export function PostButton({
  path,
  body = {},
  success,
  refresh = true,
  once = false,
  confirm,
  disabled,
  ...button
}: {
  path: string;
  body?: object;
  /** A toast once it went through. */
  success?: string;
  /** Read the page again once it went through; `always`: after a refusal too (it may have changed meanwhile). */
  refresh?: boolean | 'always';
  /** Stays off once it went through, until the page read again shows the change. */
  once?: boolean;
  /** Asked first (the browser's confirm); nothing is sent unless accepted. */
  confirm?: string;
} & Omit<ComponentProps<'button'>, 'type' | 'onClick'>) {
  const router = useRouter();
  const send = useFormPost(path, {
    refusal: 'toast',
    success,
    refresh: Boolean(refresh),
    onError: refresh === 'always' ? () => router.refresh() : undefined,
  });
  return (
    <button
      type="button"
      {...button}
      disabled={disabled || send.isPending || (once && send.isSuccess)}
      onClick={() => {
        if (confirm && !window.confirm(confirm)) return;
        send.mutate(body);
      }}
    />
  );
}
