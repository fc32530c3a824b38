// /admin/roles: who holds a staff role, and granting, changing or taking one back (operators only; issue
// 29, item 1). Each change is audited with the role before and after and the reason.
import { ShieldCheck } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { RoleBadge } from '@/components/admin/role-badge';
import { TableSkeleton } from '@/components/admin/table-skeleton';
import { LocalTime } from '@/components/ui/local-time';
import { listStaff, STAFF_TABLE, type StaffQuery } from '@/lib/accounts/staff/service';
import { parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { ChangeRole, GrantRole } from './role-actions';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.ops.roles' });
  return { title: t('title') };
}

export default async function RolesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await adminPage('roles');
  const t = await getTranslations('admin.ops.roles');
  const query = parseTableQuery(STAFF_TABLE, await searchParams);
  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <GrantRole />
      <Suspense fallback={<TableSkeleton columns={6} />}>
        <StaffTable query={query} selfId={user.id} />
      </Suspense>
    </>
  );
}

async function StaffTable({ query, selfId }: { query: StaffQuery; selfId: number }) {
  const t = await getTranslations('admin.ops.roles');
  const roles = await getTranslations('admin.shell.roles');
  const { rows, total } = await listStaff(getDb(), query);
  return (
    <DataTable
      caption={t('title')}
      path="/admin/roles"
      spec={STAFF_TABLE}
      query={query}
      rows={rows}
      total={total}
      rowKey={(row) => row.id}
      filters={[
        { key: 'q', label: t('search'), kind: 'text', placeholder: t('searchHint'), width: 'w-48' },
        {
          key: 'role',
          label: t('role'),
          kind: 'select',
          width: 'w-32',
          options: (['operator', 'moderator', 'finance'] as const).map((role) => ({
            value: role,
            label: roles(role),
          })),
        },
      ]}
      empty={{ icon: ShieldCheck, title: t('empty'), hint: t('emptyHint') }}
      columns={[
        {
          key: 'id',
          header: 'ID',
          sort: 'id',
          className: 'w-20 tabular-nums',
          cell: (row) => row.id,
        },
        {
          key: 'nickname',
          header: t('nickname'),
          sort: 'nickname',
          className: 'whitespace-nowrap',
          cell: (row) => <span className="font-medium text-ink-900">{row.nickname}</span>,
        },
        {
          key: 'mobile',
          header: t('mobile'),
          className: 'whitespace-nowrap tabular-nums',
          cell: (row) => row.mobile,
        },
        {
          key: 'role',
          header: t('role'),
          sort: 'role',
          cell: (row) => <RoleBadge role={row.role} />,
        },
        {
          key: 'since',
          header: t('registered'),
          className: 'whitespace-nowrap tabular-nums text-ink-500',
          time: true,
          cell: (row) => <LocalTime at={row.createdAt} style="date" />,
        },
        {
          key: 'actions',
          header: t('actions'),
          align: 'end',
          cell: (row) => <ChangeRole person={row} self={row.id === selfId} />,
        },
      ]}
    />
  );
}
