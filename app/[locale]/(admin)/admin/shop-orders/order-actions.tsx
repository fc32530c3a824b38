'use client';
// The next move of a physical exchange: ship a pending one, mark a shipped one delivered, or cancel it
// before delivery (the coins go back to the person).
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

type Status = 'pending' | 'shipped' | 'delivered' | 'cancelled';

export function OrderActions({ id, status }: { id: number; status: Status }) {
  const t = useTranslations('admin.catalog.orders');
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const move = async (next: 'shipped' | 'delivered' | 'cancelled') => {
    if (next === 'cancelled' && !window.confirm(t('cancelConfirm'))) return;
    setPending(true);
    try {
      const { api } = await import('@/lib/http/client');
      await api.post('api/admin/goods/exchangeStatus', { id, status: next });
      router.refresh();
    } catch {
      // The client already showed the API's message.
    } finally {
      setPending(false);
    }
  };
  if (status === 'delivered' || status === 'cancelled') return null;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={pending}
        onClick={() => move(status === 'pending' ? 'shipped' : 'delivered')}
      >
        {status === 'pending' ? t('ship') : t('deliver')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-live hover:text-live"
        disabled={pending}
        onClick={() => move('cancelled')}
      >
        {t('cancel')}
      </Button>
    </>
  );
}
