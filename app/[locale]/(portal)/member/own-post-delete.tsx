'use client';
// The delete of one of the anchor's own posts in the anchor centre; it asks first.
import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

export function OwnPostDelete({ id }: { id: number }) {
  const t = useTranslations('posts');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      const { api } = await import('@/lib/http/client');
      await api.post('api/anchor_dynamics/deletePost', { id });
      import('sonner').then(({ toast }) => toast.success(t('deleted')));
      router.refresh();
    } catch {
      setPending(false);
    }
  };
  return confirming ? (
    <div
      role="alertdialog"
      aria-labelledby={`delete-${id}`}
      className="w-64 space-y-2 rounded-md bg-brand-50 p-3"
    >
      <p id={`delete-${id}`} className="text-sm text-ink-900">
        {t('deleteConfirm')}
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={remove} disabled={pending}>
          {t('delete')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  ) : (
    <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)}>
      <Trash2 aria-hidden className="size-4" />
      {t('delete')}
    </Button>
  );
}
