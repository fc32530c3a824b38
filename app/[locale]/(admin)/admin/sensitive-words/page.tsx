// /admin/sensitive-words: the list chat, comments, posts, nicknames and room titles are screened against
// (Traditional folded to Simplified, symbols ignored), each word with its policy: block, replace or send to
// review. Moderators add words in bulk, change the picked words' policy, and remove them.
import { ShieldBan } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { listWords } from '@/lib/sensitive/words';
import { AddWords, DeleteWord, DeleteWords, SetPolicy } from './word-actions';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const WORDS_TABLE = defineTable({
  sorts: ['normalized'],
  defaultSort: 'normalized',
  defaultDir: 'asc',
  filters: ['search'],
  pageSize: 50,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.words' });
  return { title: t('title') };
}

export default async function SensitiveWordsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('sensitiveWords');
  const t = await getTranslations('admin.catalog.words');
  const query = parseTableQuery(WORDS_TABLE, await searchParams);
  const all = await listWords(getDb(), query.filters.search?.slice(0, 32));
  if (query.dir === 'desc') all.reverse();
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} actions={<AddWords />} />
      <DataTable
        caption={t('title')}
        path="/admin/sensitive-words"
        spec={WORDS_TABLE}
        query={query}
        rows={rows}
        total={all.length}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.word}
        filters={[{ key: 'search', label: t('search'), kind: 'text' }]}
        bulkActions={
          <>
            <SetPolicy />
            <DeleteWords />
          </>
        }
        empty={{ icon: ShieldBan, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'word',
            header: t('word'),
            className: 'min-w-40',
            cell: (row) => (
              <span className="font-medium text-ink-900" data-testid="word">
                {row.word}
              </span>
            ),
          },
          {
            key: 'normalized',
            header: t('normalized'),
            sort: 'normalized',
            className: 'text-ink-500',
            cell: (row) => row.normalized,
          },
          {
            key: 'policy',
            header: t('policy'),
            className: 'whitespace-nowrap',
            cell: (row) => (
              <span
                data-testid="word-policy"
                data-policy={row.policy}
                className={row.policy === 'block' ? 'text-live' : ''}
              >
                {t(`policies.${row.policy}`)}
              </span>
            ),
          },
          {
            key: 'delete',
            header: t('actions'),
            align: 'end',
            cell: (row) => <DeleteWord id={row.id} />,
          },
        ]}
      />
    </>
  );
}
