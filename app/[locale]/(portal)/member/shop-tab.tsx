// Exchange shop tab (`/member?type=19`, spec §2): the caller's coins, the goods grid with an exchange
// dialog (`api/goods/exchange`), the chat badge colours owned and worn, the last three months of
// exchanges and the delivery addresses.
import { Coins, Gift, ListChecks, MapPin, PackageOpen, Palette, Receipt } from 'lucide-react';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { GiftArt } from '@/components/live/gifts/gift-art';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { badgeColorsOf } from '@/lib/chat/badge-colors';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { addressesOf, exchangeRecords, type GoodsView, goodsList } from '@/lib/shop/service';
import { balancesOf } from '@/lib/wallet/ledger';
import { AddressBook } from './address-book';
import { BadgeColorPicker } from './badge-color-picker';
import { ExchangeDialog } from './exchange-dialog';
import { SectionCard } from './section-card';

function GoodsImage({ item, size }: { item: Pick<GoodsView, 'gift_code' | 'image'>; size: number }) {
  return item.gift_code ? (
    <GiftArt code={item.gift_code} size={size} />
  ) : (
    <img
      src={item.image}
      alt=""
      width={size}
      height={size}
      className="rounded-lg"
      style={{ width: size, height: size }}
    />
  );
}

export async function ShopTab({ userId, nickname, now }: { userId: number; nickname: string; now: Date }) {
  const t = await getTranslations('shop');
  const format = await getFormatter();
  const locale = (await getLocale()) as Locale;
  const db = getDb();
  const [list, records, addresses, balances, badges] = await Promise.all([
    goodsList(db, userId, locale),
    exchangeRecords(db, userId, locale, now),
    addressesOf(db, userId),
    balancesOf(db, userId),
    badgeColorsOf(db, userId),
  ]);
  const coins = balances.coin;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-line bg-surface px-4 py-4 sm:px-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-500">
          <Coins aria-hidden className="size-6" />
        </span>
        <div className="min-w-24 flex-1">
          <p className="text-sm text-ink-500">{t('balance')}</p>
          <p className="text-2xl font-semibold text-ink-900 tabular-nums" data-testid="coin-balance">
            {format.number(coins)}
          </p>
        </div>
        <p className="max-w-md text-xs text-ink-500 max-sm:order-last max-sm:basis-full">
          {t('balanceHint')}
        </p>
        <Button asChild variant="secondary" size="sm">
          <Link href="/member?type=18">
            <ListChecks aria-hidden className="size-4" />
            {t('toTasks')}
          </Link>
        </Button>
      </div>

      <SectionCard title={t('goodsTitle')} icon={Gift}>
        {list.length ? (
          <ul
            className="grid grid-cols-[repeat(auto-fill,minmax(min(200px,100%),1fr))] gap-4"
            data-testid="goods-grid"
          >
            {list.map((item) => {
              const blocked =
                item.stock <= 0
                  ? t('soldOut')
                  : item.remaining <= 0
                    ? t('limitReached')
                    : coins < item.price
                      ? t('notEnough')
                      : null;
              return (
                <li
                  key={item.id}
                  className="flex flex-col items-center gap-2 rounded-xl border border-line bg-surface px-4 py-5 text-center"
                  data-testid={`goods-${item.code}`}
                >
                  <div className="flex h-[84px] items-center">
                    <GoodsImage item={item} size={item.gift_code ? 64 : 84} />
                  </div>
                  <p className="font-medium text-ink-900">{item.name}</p>
                  <p className="rounded-full bg-canvas px-2 text-xs text-ink-500">
                    {t(`kinds.${item.kind}`)}
                  </p>
                  <p className="min-h-8 text-xs text-ink-500">{item.description}</p>
                  <p className="flex items-center gap-1 font-semibold text-amber-700 tabular-nums">
                    <Coins aria-hidden className="size-4" />
                    {t('price', { price: format.number(item.price) })}
                  </p>
                  <p className="text-xs text-ink-500">
                    {t('stock', { stock: format.number(item.stock) })} ·{' '}
                    {t('limit', { limit: item.per_user_limit, remaining: item.remaining })}
                  </p>
                  <ExchangeDialog
                    goods={{
                      id: item.id,
                      name: item.name,
                      kind: item.kind,
                      price: item.price,
                      max: Math.min(item.remaining, item.stock, 99),
                    }}
                    coins={coins}
                    addresses={addresses}
                    blocked={blocked}
                    image={<GoodsImage item={item} size={56} />}
                  />
                </li>
              );
            })}
          </ul>
        ) : (
          <EmptyState icon={PackageOpen} title={t('emptyGoods.title')} hint={t('emptyGoods.hint')} />
        )}
      </SectionCard>

      <SectionCard
        id="badges"
        title={t('badges.title')}
        icon={Palette}
        aside={<span className="text-xs text-ink-500">{t('badges.hint')}</span>}
      >
        {badges.list.length ? (
          <BadgeColorPicker owned={badges.list} chosen={badges.chosen} nickname={nickname} />
        ) : (
          <EmptyState icon={Palette} title={t('badges.empty')} hint={t('badges.emptyHint')} />
        )}
      </SectionCard>

      <SectionCard
        title={t('records.title')}
        icon={Receipt}
        aside={<span className="text-xs text-ink-500">{t('records.hint')}</span>}
        times={records.length > 0}
      >
        {records.length ? (
          <ul className="divide-y divide-line" data-testid="exchange-records">
            {records.map((record) => (
              <li key={record.id} className="flex items-center gap-4 py-3">
                <GoodsImage item={record} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-ink-900">
                    {record.name} × {record.quantity}
                  </p>
                  <p className="text-xs text-ink-500">
                    <LocalTime at={record.created_at} style="dateTime" />
                    {record.address ? ` · ${t('records.shipTo', { ...record.address })}` : ''}
                  </p>
                </div>
                <span className="text-sm font-medium text-amber-700 tabular-nums">
                  −{t('price', { price: format.number(record.cost) })}
                </span>
                <span className="w-36 text-right text-sm text-ink-700">{t(`status.${record.status}`)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={Receipt} title={t('records.empty')} hint={t('records.emptyHint')} />
        )}
      </SectionCard>

      <SectionCard
        id="addresses"
        title={t('addresses.title')}
        icon={MapPin}
        aside={<span className="text-xs text-ink-500">{t('addresses.hint')}</span>}
      >
        <AddressBook addresses={addresses} />
      </SectionCard>
    </div>
  );
}
