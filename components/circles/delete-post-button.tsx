'use client';
// Deleting one's own post (or, for operators, anyone's) after a confirmation; `api/anchor_dynamics/deletePost`.
import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/http/client';

export function DeletePostButton({ id, then }: { id: number; then?: string }) {
  const t = useTranslations('circle');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await api.post('api/anchor_dynamics/deletePost', { id });
      import('sonner').then(({ toast }) => toast.success(t('deleted')));
      if (then) router.push(then);
      else router.refresh();
    } catch {
      setPending(false);
    }
  };
  if (!confirming) {
    return (
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={() => setConfirming(true)}
        data-testid="circle-delete"
      >
        <Trash2 aria-hidden className="size-4" />
        {t('delete')}
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby={`delete-${id}`} className="space-y-2 rounded-md bg-brand-50 p-3">
      <p id={`delete-${id}`} className="text-sm text-ink-900">
        {t('confirmDelete')}
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          onClick={remove}
          disabled={pending}
          data-testid="circle-delete-confirm"
        >
          {t('delete')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
