// /admin/promos: what operators put in front of visitors — home banners, advertisements, official
// activities, and pop-ups — each with its picture, text per language, link, order and showing window.

import { Megaphone, Plus } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { orderColumn } from '@/components/admin/catalog/columns';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { TAG_OFF, TAG_ON, Tag } from '@/components/admin/tag';
import { Button } from '@/components/ui/button';
import { LocalTime } from '@/components/ui/local-time';
import { renderInstant } from '@/lib/accounts/current-user';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { PROMO_KINDS } from '@/lib/promos/schema';
import { listAllPromos } from '@/lib/promos/service';
import { listAllPopups, pickLocalized } from '@/lib/system/service';
import { DeletePromo, type Promo, PromoEditor } from './promo-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const KINDS = [...PROMO_KINDS, 'popup'] as const;
type Kind = (typeof KINDS)[number];

const PROMOS_TABLE = defineTable({
  sorts: ['sort'],
  defaultSort: 'sort',
  defaultDir: 'asc',
  filters: ['kind'],
  pageSize: 50,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.promos' });
  return { title: t('title') };
}

export default async function AdminPromosPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('promos');
  const t = await getTranslations('admin.catalog.promos');
  const query = parseTableQuery(PROMOS_TABLE, await searchParams);
  const kind: Kind = KINDS.find((value) => value === query.filters.kind) ?? 'banner';
  const now = renderInstant();
  const rows: Promo[] =
    kind === 'popup'
      ? (await listAllPopups(getDb())).map((row) => ({ ...row, kind: 'popup' as const }))
      : (await listAllPromos(getDb(), kind)).map((row) => ({ ...row, body: null }));
  if (query.dir === 'desc') rows.reverse();
  const showing = (row: Promo) =>
    row.enabled && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now);

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <PromoEditor
            kind={kind}
            promo={null}
            trigger={
              <Button size="sm" data-testid="promo-new">
                <Plus aria-hidden className="size-4" />
                {t('new', { kind: t(`kinds.${kind}`) })}
              </Button>
            }
          />
        }
      />
      <DataTable
        caption={t('title')}
        path="/admin/promos"
        spec={PROMOS_TABLE}
        query={{ ...query, filters: { kind } }}
        rows={rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize)}
        total={rows.length}
        rowKey={(row) => row.id}
        filters={[
          {
            key: 'kind',
            label: t('kind'),
            kind: 'select',
            width: 'w-36',
            options: KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
          },
        ]}
        empty={{ icon: Megaphone, title: t('empty', { kind: t(`kinds.${kind}`) }), hint: t('emptyHint') }}
        columns={[
          {
            key: 'image',
            header: t('picture'),
            className: 'w-24',
            cell: (row) =>
              row.imageUrl ? (
                <img src={row.imageUrl} alt="" className="h-8 w-16 rounded border border-line object-cover" />
              ) : (
                <span className="text-ink-300">—</span>
              ),
          },
          {
            key: 'title',
            header: t('promoTitle'),
            className: 'min-w-48 max-w-80 truncate',
            cell: (row) => (
              <span className="font-medium text-ink-900">{pickLocalized(row.title, locale)}</span>
            ),
          },
          {
            key: 'window',
            header: t('window'),
            time: true,
            className: 'whitespace-nowrap text-xs text-ink-500 tabular-nums',
            cell: (row) => (
              <>
                {row.startsAt ? <LocalTime at={row.startsAt} style="dateTime" /> : t('always')}
                {' – '}
                {row.endsAt ? <LocalTime at={row.endsAt} style="dateTime" /> : t('noEnd')}
              </>
            ),
          },
          orderColumn(t('order')),
          {
            key: 'showing',
            header: t('status'),
            cell: (row) => (
              <Tag look={showing(row) ? TAG_ON : TAG_OFF}>
                {showing(row) ? t('showing') : row.enabled ? t('outOfWindow') : t('off')}
              </Tag>
            ),
          },
          {
            key: 'actions',
            header: t('actions'),
            align: 'end',
            className: 'whitespace-nowrap',
            cell: (row) => (
              <>
                <PromoEditor
                  kind={kind}
                  promo={row}
                  trigger={
                    <Button size="sm" variant="ghost">
                      {t('edit')}
                    </Button>
                  }
                />
                <DeletePromo kind={kind} id={row.id} />
              </>
            ),
          },
        ]}
      />
    </>
  );
}
