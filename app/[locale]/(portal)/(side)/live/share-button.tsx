'use client';
// Share: copies the room's address and counts the share (it raises the room's heat).
import { Share2 } from 'lucide-react';
import { useTranslations } from 'next-intl';

export function ShareButton({ roomId }: { roomId: number }) {
  const t = useTranslations('live');
  const share = async () => {
    const { toast } = await import('sonner');
    const url = new URL(window.location.href);
    url.search = `?id=${roomId}`;
    url.hash = '';
    try {
      await navigator.clipboard.writeText(url.href);
      toast.success(t('shareCopied'));
    } catch {
      toast.error(t('shareFailed', { url: url.href }));
      return;
    }
    const { api } = await import('@/lib/http/client');
    await api.post('api/live/share', { id: roomId }, { silent: true }).catch(() => {});
  };
  return (
    <button
      type="button"
      onClick={share}
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line px-3 text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600"
    >
      <Share2 aria-hidden className="size-4" />
      {t('share')}
    </button>
  );
}
