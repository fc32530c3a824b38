'use client';
// An article's take-down and restore in the news desk's table (audited like every staff write).
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

export function ArticleRowActions({ id, removed }: { id: number; removed: boolean }) {
  const t = useTranslations('admin.catalog.news');
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function run(path: string) {
    setPending(true);
    try {
      const { api } = await import('@/lib/http/client');
      await api.post(path, { id });
      router.refresh();
    } catch {
      // The client already showed the API's message.
    } finally {
      setPending(false);
    }
  }

  return removed ? (
    <Button size="sm" variant="ghost" disabled={pending} onClick={() => run('api/admin/news/restore')}>
      {t('restore')}
    </Button>
  ) : (
    <Button
      size="sm"
      variant="ghost"
      disabled={pending}
      className="text-live hover:text-live"
      onClick={() => {
        if (window.confirm(t('removeConfirm'))) void run('api/admin/news/delete');
      }}
    >
      {t('remove')}
    </Button>
  );
}
