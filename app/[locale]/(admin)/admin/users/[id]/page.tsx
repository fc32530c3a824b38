// /admin/users/<id>: a user's case file for the staff (issue #41 item 4): profile and roles, standing
// (muted or banned until when), wallet balances and latest records, every mute and ban with who gave it,
// when, why and until when; staff notes; sign-ins (time, address, device) and the accounts that share a
// device or an address; reports about them and by them; their latest content. Actions for those who may:
// mute, ban (presets or any end time), lift, remove their content of a date range, reset the avatar or
// nickname, each with a reason the user is told and the audit log keeps; a note for every staff member.
import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { RoleBadge } from '@/components/admin/role-badge';
import {
  RemoveContentAction,
  ResetProfileActions,
  StaffNoteForm,
} from '@/components/admin/users/case-actions';
import {
  ContentPanel,
  NotesList,
  Panel,
  ReportsPanel,
  SharedPanel,
  SignInsPanel,
} from '@/components/admin/users/case-sections';
import { SanctionActions } from '@/components/admin/users/sanction-actions';
import { LocalTime } from '@/components/ui/local-time';
import { userProfile } from '@/lib/accounts/admin-users';
import { DomainError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { caseFile, nicknamesOf } from '@/lib/moderation/case-file';
import {
  CONTENT_REJECT_REASONS,
  LIFT_REASONS,
  PROFILE_RESET_REASONS,
  SANCTION_REASONS,
} from '@/lib/review/reasons';
import { mayUseRoutes } from '@/lib/server/staff-access';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { recordLabelKey } from '@/lib/wallet/kinds';
import { UserStatus } from '../user-status';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.users' });
  return { title: t('title') };
}

async function load(id: string, locale: Locale) {
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number <= 0 || number > 2_147_483_647) notFound();
  try {
    const profile = await userProfile(getDb(), number, new Date());
    const file = await caseFile(getDb(), number, locale);
    const staffNames = await nicknamesOf(
      getDb(),
      profile.sanctions.flatMap((row) => [row.actor_id, ...(row.lifted_by ? [row.lifted_by] : [])]),
    );
    return { ...profile, file, staffNames };
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
  // Record kinds in the words the person's own wallet records use (never a raw code).
  const wallet = await getTranslations('wallet');
  const reasonLabel = (code: string) => (words as unknown as (key: string) => string)(`reasons.${code}`);
  const format = await getFormatter();
  const times = await getTimeFormat();
  const { user, balances, records, sanctions, file, staffNames } = await load(id, locale);
  const now = new Date();
  const maySanction = mayUseRoutes(staff.role, ['/api/admin/users/sanction', '/api/admin/users/lift']);
  const mayModerate = mayUseRoutes(staff.role, [
    '/api/admin/users/removeContent',
    '/api/admin/users/resetProfile',
  ]);
  const mayNote = mayUseRoutes(staff.role, ['/api/admin/users/note']);
  // Sign-ins, addresses, reports and content are the moderators' (finance reads the profile and notes).
  const mayReadCase = mayUseRoutes(staff.role, ['/api/admin/users/caseFile']);
  const options = (codes: readonly string[]) => codes.map((code) => ({ code, label: reasonLabel(code) }));
  const who = (actorId: number) => staffNames.get(actorId) ?? `#${actorId}`;

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
          user.role !== 'user' ? (
            <span className="text-xs text-ink-500">{t('staffNote')}</span>
          ) : maySanction || mayModerate ? (
            <div className="flex flex-wrap gap-2">
              {maySanction ? (
                <SanctionActions
                  userId={user.id}
                  name={user.nickname}
                  active={{
                    mute: !!user.muted_until && user.muted_until > now,
                    ban: !!user.banned_until && user.banned_until > now,
                  }}
                  sanctionReasons={options(SANCTION_REASONS)}
                  liftReasons={options(LIFT_REASONS)}
                />
              ) : null}
              {mayModerate ? (
                <>
                  <RemoveContentAction
                    userId={user.id}
                    name={user.nickname}
                    reasons={options(CONTENT_REJECT_REASONS)}
                  />
                  <ResetProfileActions
                    userId={user.id}
                    name={user.nickname}
                    reasons={options(PROFILE_RESET_REASONS)}
                  />
                </>
              ) : null}
            </div>
          ) : null
        }
      />
      <div className="grid gap-4 layout:grid-cols-2 xl:grid-cols-3">
        <section className="rounded-lg border border-line bg-surface p-4" aria-labelledby="user-profile">
          <h2 id="user-profile" className="mb-3 text-sm font-semibold text-ink-900">
            {t('profile')}
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <RoleBadge role={user.role} />
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
          <dl
            className="grid grid-cols-[repeat(auto-fit,minmax(7rem,1fr))] gap-2"
            data-testid="user-balances"
          >
            {(['star', 'yellow', 'coin'] as const).map((currency) => (
              <div key={currency} className="rounded-md bg-canvas px-2 py-2">
                <dt className="text-xs whitespace-nowrap text-ink-500">{t(`currencies.${currency}`)}</dt>
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
                    {` · ${t('givenBy', { name: who(sanction.actor_id) })}`}
                    {sanction.lifted_at
                      ? ` · ${t('lifted', { at: times.dateTime(sanction.lifted_at, 'dateTime') })}`
                      : ''}
                    {sanction.lifted_by ? ` ${t('liftedBy', { name: who(sanction.lifted_by) })}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <Panel id="case-notes-panel" title={t('case.notes')} count={file.notes.length}>
          {mayNote ? <StaffNoteForm userId={user.id} /> : null}
          <NotesList rows={file.notes} />
        </Panel>
      </div>
      <div className="mt-4 grid gap-4 layout:grid-cols-2">
        {mayReadCase ? (
          <>
            <SignInsPanel rows={file.sign_ins} />
            <SharedPanel rows={file.shared} />
            <ReportsPanel
              id="case-reports-received"
              title={t('case.reportsReceived')}
              rows={file.reports_received}
              side="received"
            />
            <ReportsPanel
              id="case-reports-made"
              title={t('case.reportsMade')}
              rows={file.reports_made}
              side="made"
            />
            <ContentPanel rows={file.content} />
          </>
        ) : null}
        <section
          className="min-w-0 rounded-lg border border-line bg-surface p-4"
          aria-labelledby="user-records"
        >
          <h2 id="user-records" className="mb-3 text-sm font-semibold text-ink-900">
            {t('records')}
          </h2>
          {records.length === 0 ? (
            <p className="text-sm text-ink-500">{t('noRecords')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <tbody>
                  {records.map((record) => (
                    <tr key={record.id} className="h-9 border-b border-line last:border-0">
                      <td className="w-40 text-xs whitespace-nowrap text-ink-500 tabular-nums">
                        <LocalTime at={new Date(record.created_at)} style="dateTime" />
                      </td>
                      <td className="px-2 text-ink-700" data-testid="user-record-kind">
                        {wallet(`kinds.${recordLabelKey(record.kind, record.amount)}` as never)}
                      </td>
                      <td className="text-xs text-ink-500">
                        {t.has(`currencies.${record.currency}` as never)
                          ? t(`currencies.${record.currency}` as never)
                          : record.currency}
                      </td>
                      <td
                        className={`text-right tabular-nums ${record.amount < 0 ? 'text-live' : 'text-win'}`}
                      >
                        {record.amount > 0 ? '+' : ''}
                        {format.number(record.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
