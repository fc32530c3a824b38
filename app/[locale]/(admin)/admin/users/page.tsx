// /admin/users: the newest sign-ups, or a search by id, mobile (its first digits) or nickname (any part);
// each row leads to the user's case file. The search lives in the URL like every table's.
import { UserSearch } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { RoleBadge } from '@/components/admin/role-badge';
import { LocalTime } from '@/components/ui/local-time';
import { recentUsers, searchUsers, USERS_TABLE } from '@/lib/accounts/admin-users';
import { parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { UserStatus } from './user-status';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  return { title: t('title') };
}

export default async function UsersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('users');
  const t = await getTranslations('admin.users');
  const roles = await getTranslations('admin.shell.roles');
  const query = parseTableQuery(USERS_TABLE, await searchParams);
  const rows = query.filters.q
    ? await searchUsers(getDb(), query.filters.q, USERS_TABLE.pageSize)
    : await recentUsers(getDb(), USERS_TABLE.pageSize);

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={query.filters.q ? t('description') : `${t('description')} ${t('recentHint')}`}
      />
      <DataTable
        caption={t('caption')}
        path="/admin/users"
        spec={USERS_TABLE}
        query={query}
        rows={rows}
        total={rows.length}
        rowKey={(row) => row.id}
        filters={[{ key: 'q', label: t('search'), kind: 'text', placeholder: '10086 / 138… / …' }]}
        empty={
          query.filters.q
            ? { icon: UserSearch, title: t('noMatch'), hint: t('emptyHint') }
            : { icon: UserSearch, title: t('empty'), hint: t('emptyHint') }
        }
        columns={[
          { key: 'id', header: t('columns.id'), className: 'w-20 tabular-nums', cell: (row) => row.id },
          {
            key: 'nickname',
            header: t('columns.nickname'),
            cell: (row) => (
              <Link href={`/admin/users/${row.id}`} className="font-medium text-brand-600 hover:underline">
                {row.nickname}
              </Link>
            ),
          },
          {
            key: 'mobile',
            header: t('columns.mobile'),
            className: 'tabular-nums',
            cell: (row) => row.mobile,
          },
          {
            key: 'role',
            header: t('columns.role'),
            cell: (row) =>
              row.role === 'user' ? (
                row.is_anchor ? (
                  t('anchor')
                ) : (
                  roles('user')
                )
              ) : (
                <RoleBadge role={row.role as 'operator'} />
              ),
          },
          { key: 'status', header: t('columns.status'), cell: (row) => <UserStatus user={row} /> },
          {
            key: 'created',
            header: t('columns.created'),
            className: 'whitespace-nowrap tabular-nums',
            time: true,
            cell: (row) => <LocalTime at={row.created_at} style="date" />,
          },
        ]}
      />
    </>
  );
}
