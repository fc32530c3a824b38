// /admin/users/<id>: one user for the staff: profile, standing (muted or banned until when, with mute, ban
// and lift for those who may), wallet balances, the latest wallet records and every mute and ban with its
// reason.
import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { RoleBadge } from '@/components/admin/role-badge';
import { SanctionActions } from '@/components/admin/users/sanction-actions';
import { LocalTime } from '@/components/ui/local-time';
import { userProfile } from '@/lib/accounts/admin-users';
import { DomainError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { LIFT_REASONS, SANCTION_REASONS } from '@/lib/review/reasons';
import { mayUseRoutes } from '@/lib/server/staff-access';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { UserStatus } from '../user-status';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  return { title: t('title') };
}

async function load(id: string) {
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number <= 0) notFound();
  try {
    return await userProfile(getDb(), number, new Date());
  } catch (error) {
    if (error instanceof DomainError && error.code === 'USER_NOT_FOUND') notFound();
    throw error;
  }
}

export default async function UserPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const { user: staff } = await adminPage('users');
  const t = await getTranslations('admin.users');
  const words = await getTranslations('im.notices');
  const reasonLabel = (code: string) => (words as unknown as (key: string) => string)(`reasons.${code}`);
  const format = await getFormatter();
  const times = await getTimeFormat();
  const { user, balances, records, sanctions } = await load(id);
  const now = new Date();
  const maySanction = mayUseRoutes(staff.role, ['/api/admin/users/sanction', '/api/admin/users/lift']);

  return (
    <>
      <Link
        href="/admin/users"
        className="mb-2 inline-flex items-center gap-1 text-sm text-ink-500 hover:text-ink-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('back')}
      </Link>
      <AdminPageHeader
        title={`${user.nickname} #${user.id}`}
        description={[user.mobile, user.signature].filter(Boolean).join(' · ')}
        actions={
          maySanction && user.role === 'user' ? (
            <SanctionActions
              userId={user.id}
              name={user.nickname}
              active={{
                mute: !!user.muted_until && user.muted_until > now,
                ban: !!user.banned_until && user.banned_until > now,
              }}
              sanctionReasons={SANCTION_REASONS.map((code) => ({ code, label: reasonLabel(code) }))}
              liftReasons={LIFT_REASONS.map((code) => ({ code, label: reasonLabel(code) }))}
            />
          ) : user.role !== 'user' ? (
            <span className="text-xs text-ink-500">{t('staffNote')}</span>
          ) : null
        }
      />
      <div className="grid gap-4 layout:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section className="rounded-lg border border-line bg-surface p-4" aria-labelledby="user-profile">
          <h2 id="user-profile" className="mb-3 text-sm font-semibold text-ink-900">
            {t('profile')}
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {user.role === 'user' ? null : <RoleBadge role={user.role} />}
            {user.is_anchor ? (
              <span className="rounded bg-brand-50 px-1.5 text-[11px] text-brand-700">{t('anchor')}</span>
            ) : null}
            <UserStatus user={user} />
          </div>
          <p className="mt-2 text-xs text-ink-500">
            {t('registered', { at: times.dateTime(user.created_at, 'dateTime') })} ·{' '}
            {user.last_login_at
              ? t('lastLogin', { at: times.dateTime(user.last_login_at, 'dateTime') })
              : t('never')}
          </p>
          <h2 className="mt-4 mb-2 text-sm font-semibold text-ink-900">{t('wallet')}</h2>
          <dl className="grid grid-cols-3 gap-2" data-testid="user-balances">
            {(['star', 'yellow', 'coin'] as const).map((currency) => (
              <div key={currency} className="rounded-md bg-canvas px-3 py-2">
                <dt className="text-xs text-ink-500">{t(`currencies.${currency}`)}</dt>
                <dd className="text-lg font-semibold text-ink-900 tabular-nums">
                  {format.number(balances[currency])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="rounded-lg border border-line bg-surface p-4" aria-labelledby="user-sanctions">
          <h2 id="user-sanctions" className="mb-3 text-sm font-semibold text-ink-900">
            {t('sanctions')}
          </h2>
          {sanctions.length === 0 ? (
            <p className="text-sm text-ink-500">{t('noSanctions')}</p>
          ) : (
            <ul className="space-y-2 text-sm" data-testid="user-sanctions">
              {sanctions.map((sanction) => (
                <li key={sanction.id} className="border-b border-line pb-2 last:border-0">
                  <p className="text-ink-900">
                    {t('sanctionLine', {
                      kind: t(`kinds.${sanction.kind}`),
                      until: times.dateTime(sanction.until, 'dateTime'),
                      reason: [reasonLabel(sanction.reason_code), sanction.note].filter(Boolean).join(' · '),
                    })}
                  </p>
                  <p className="text-xs text-ink-500">
                    <LocalTime at={sanction.created_at} style="dateTime" />
                    {sanction.lifted_at
                      ? ` · ${t('lifted', { at: times.dateTime(sanction.lifted_at, 'dateTime') })}`
                      : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="mt-4 rounded-lg border border-line bg-surface p-4" aria-labelledby="user-records">
        <h2 id="user-records" className="mb-3 text-sm font-semibold text-ink-900">
          {t('records')}
        </h2>
        {records.length === 0 ? (
          <p className="text-sm text-ink-500">{t('noRecords')}</p>
        ) : (
          <table className="w-full text-sm">
            <tbody>
              {records.map((record) => (
                <tr key={record.id} className="h-9 border-b border-line last:border-0">
                  <td className="w-40 text-xs whitespace-nowrap text-ink-500 tabular-nums">
                    <LocalTime at={new Date(record.created_at)} style="dateTime" />
                  </td>
                  <td className="text-ink-700">{record.kind}</td>
                  <td className="text-xs text-ink-500">
                    {t.has(`currencies.${record.currency}` as never)
                      ? t(`currencies.${record.currency}` as never)
                      : record.currency}
                  </td>
                  <td className={`text-right tabular-nums ${record.amount < 0 ? 'text-live' : 'text-win'}`}>
                    {record.amount > 0 ? '+' : ''}
                    {format.number(record.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
