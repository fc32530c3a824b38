// Backpack tab: gifts the user holds (`api/Gift/getUserGiftList`), sent from a room's gift bar
// without spending star diamonds.
import { Backpack, Gem, Radio } from 'lucide-react';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { GiftArt } from '@/components/live/gifts/gift-art';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/lib/db';
import { backpackOf } from '@/lib/gifts/service';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

export async function BackpackTab({ userId }: { userId: number }) {
  const t = await getTranslations('earnings.backpack');
  const format = await getFormatter();
  const items = await backpackOf(getDb(), userId, (await getLocale()) as Locale);
  if (!items.length)
    return (
      <EmptyState
        icon={Backpack}
        title={t('emptyTitle')}
        hint={t('emptyHint')}
        action={
          <Button asChild variant="secondary" size="sm">
            <Link href="/live">
              <Radio aria-hidden className="size-4" />
              {t('toLive')}
            </Link>
          </Button>
        }
      />
    );
  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-500">{t('intro')}</p>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(168px,1fr))] gap-4" data-testid="backpack-list">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-col items-center gap-2 rounded-xl border border-line bg-surface px-4 py-5"
          >
            <GiftArt code={item.code} size={56} />
            <p className="font-medium text-ink-900">{item.name}</p>
            <p className="flex items-center gap-1 text-xs text-ink-500">
              <Gem aria-hidden className="size-3.5 text-brand-500" />
              {t('worth', { price: format.number(item.price) })}
            </p>
            <p className="rounded-full bg-brand-50 px-2.5 text-sm font-semibold text-brand-600 tabular-nums">
              × {format.number(item.quantity)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
