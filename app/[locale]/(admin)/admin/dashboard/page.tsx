// /admin/dashboard: the operations overview (issue 29, item 6) — today against the day before, the last
// seven days, what waits for a person now, what the latest ledger check found and how the last backup went. Days are the portal's
// (TIME_ZONE).
import {
  ClipboardList,
  Clock,
  DatabaseBackup,
  Flag,
  Radio,
  ShieldAlert,
  ShieldCheck,
  Wallet,
} from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { type DashboardDay, operationsDashboard } from '@/lib/admin/dashboard';
import { cn } from '@/lib/cn';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { backupSummary } from '@/lib/jobs/backup';
import { formatDay } from '@/lib/time/format';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.ops.dashboard' });
  return { title: t('title') };
}

const METRICS = [
  { key: 'registrations', value: (day: DashboardDay) => day.registrations },
  { key: 'activeViewers', value: (day: DashboardDay) => day.activeViewers },
  { key: 'peakViewers', value: (day: DashboardDay) => day.peakViewers },
  {
    key: 'recharges',
    value: (day: DashboardDay) => day.recharges.diamonds,
    count: (day: DashboardDay) => day.recharges.count,
  },
  {
    key: 'gifts',
    value: (day: DashboardDay) => day.gifts.value,
    count: (day: DashboardDay) => day.gifts.count,
  },
  {
    key: 'withdrawals',
    value: (day: DashboardDay) => day.withdrawals.amount,
    count: (day: DashboardDay) => day.withdrawals.count,
  },
] as const;

export default async function DashboardPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('dashboard');
  const t = await getTranslations('admin.ops.dashboard');
  const format = await getFormatter();
  const timeZone = getConfig().TIME_ZONE;
  // A page render's edge: its instant is read here.
  const at = new Date();
  const [{ days, now, ledger }, backup] = await Promise.all([
    operationsDashboard(getDb(), at, timeZone),
    backupSummary(getDb(), at).catch(() => null),
  ]);
  const today = days.at(-1)!;
  const yesterday = days.at(-2);
  const n = (value: number | null) => (value === null ? '—' : format.number(value));
  const dayLabel = (day: string) =>
    `${formatDay(day, 'shortMonthDay', locale)} ${formatDay(day, 'weekday', locale)}`;

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description', { zone: timeZone })} />

      <LedgerLine ledger={ledger} />
      <BackupLine backup={backup} />

      <section aria-label={t('waiting')} className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {(
          [
            ['onAir', Radio, now.onAir, t('viewersNow', { viewers: n(now.viewersNow) })],
            ['reportsWaiting', Flag, now.reportsWaiting, null],
            ['withdrawalsWaiting', Wallet, now.withdrawalsWaiting, null],
            ['applicationsWaiting', ClipboardList, now.applicationsWaiting, null],
          ] as const
        ).map(([key, Icon, value, note]) => (
          <div
            key={key}
            className="rounded-lg border border-line bg-surface px-4 py-3"
            data-testid={`ops-${key}`}
          >
            <p className="flex items-center gap-1.5 text-xs font-medium text-ink-500">
              <Icon aria-hidden className="size-3.5" />
              {t(`now.${key}`)}
            </p>
            <p
              className={cn(
                'mt-1 text-2xl font-semibold tabular-nums',
                value > 0 && key !== 'onAir' ? 'text-brand-600' : 'text-ink-900',
              )}
            >
              {n(value)}
            </p>
            <p className="h-4 text-xs text-ink-500">{note}</p>
          </div>
        ))}
      </section>

      <section aria-label={t('today')} className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {METRICS.map((metric) => {
          const value = metric.value(today);
          const before = yesterday ? metric.value(yesterday) : null;
          const delta = value !== null && before !== null ? value - before : null;
          return (
            <div
              key={metric.key}
              className="rounded-lg border border-line bg-surface px-4 py-3"
              data-testid={`ops-today-${metric.key}`}
            >
              <p className="text-xs font-medium text-ink-500">{t(`metrics.${metric.key}`)}</p>
              <p className="mt-1 text-xl font-semibold text-ink-900 tabular-nums">{n(value)}</p>
              <p className="h-4 text-xs text-ink-500 tabular-nums">
                {'count' in metric ? `${t('times', { count: n(metric.count(today)) })} · ` : ''}
                {delta === null
                  ? ''
                  : t('vsYesterday', { delta: `${delta > 0 ? '+' : ''}${format.number(delta)}` })}
              </p>
            </div>
          );
        })}
      </section>

      <section className="rounded-lg border border-line bg-surface" aria-labelledby="ops-week">
        <h2 id="ops-week" className="border-b border-line px-4 py-3 text-sm font-semibold text-ink-900">
          {t('week')}
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="ops-week">
            <thead>
              <tr className="h-10 border-b border-line bg-canvas/60 text-left text-xs text-ink-500">
                <th scope="col" className="px-4 font-medium">
                  {t('day')}
                </th>
                {METRICS.map((metric) => (
                  <th key={metric.key} scope="col" className="px-4 text-right font-medium whitespace-nowrap">
                    {t(`metrics.${metric.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.day} className="h-11 border-b border-line last:border-b-0">
                  <th scope="row" className="px-4 text-left font-medium whitespace-nowrap text-ink-900">
                    <time dateTime={day.day}>
                      {day.day === today.day ? t('todayLabel') : dayLabel(day.day)}
                    </time>
                  </th>
                  {METRICS.map((metric) => {
                    const value = metric.value(day);
                    const max = Math.max(1, ...days.map((other) => metric.value(other) ?? 0));
                    return (
                      <td key={metric.key} className="px-4 text-right tabular-nums">
                        <span className="inline-flex items-center justify-end gap-2">
                          <span
                            aria-hidden
                            className="hidden h-1.5 w-12 overflow-hidden rounded-full bg-canvas sm:inline-block"
                          >
                            <span
                              className="block h-full rounded-full bg-brand-400"
                              style={{ width: `${Math.round(((value ?? 0) / max) * 100)}%` }}
                            />
                          </span>
                          <span className="min-w-10">{n(value)}</span>
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="border-t border-line px-4 py-2.5 text-xs text-ink-500">{t('notes')}</p>
      </section>
    </>
  );
}

/** One line on the latest ledger check (the `ledger-check` job, every 5 minutes): OK, its problems, or not run yet. */
async function LedgerLine({ ledger }: { ledger: Awaited<ReturnType<typeof operationsDashboard>>['ledger'] }) {
  const t = await getTranslations('admin.ops.dashboard.ledger');
  const format = await getFormatter();
  const at = ledger ? format.dateTime(ledger.checkedAt, 'dateTime') : '';
  const failed = Boolean(ledger && ledger.problems > 0);
  const Icon = !ledger ? Clock : failed ? ShieldAlert : ShieldCheck;
  return (
    <section
      aria-live="polite"
      data-testid="ops-ledger"
      className={cn(
        'mb-4 flex items-start gap-2 rounded-lg border px-4 py-3 text-sm',
        failed ? 'border-red-200 bg-red-50/60 text-live' : 'border-line bg-surface text-ink-700',
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', !failed && ledger ? 'text-win' : '')} />
      <div className="min-w-0 flex-1">
        <p>
          {!ledger
            ? t('never')
            : failed
              ? t('problems', { count: ledger.problems, at })
              : t('ok', { items: ledger.openItems, at })}
          {failed ? (
            <>
              {' '}
              <Link href="/admin/ledger" className="font-medium underline underline-offset-2">
                {t('open')}
              </Link>
            </>
          ) : null}
        </p>
        {failed && ledger?.firstProblem ? (
          <p className="mt-1 font-mono text-xs break-all">
            {t('first')} {ledger.firstProblem}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * One line on the backups (lib/jobs/backup.ts): the latest run — when, its file, size and time, verified —
 * or its error; overdue or off said as such, with the way to the schedule.
 */
async function BackupLine({ backup }: { backup: Awaited<ReturnType<typeof backupSummary>> | null }) {
  const t = await getTranslations('admin.ops.dashboard.backup');
  const format = await getFormatter();
  const last = backup?.last;
  const bad = backup?.status === 'failed' || backup?.status === 'overdue';
  const Icon = !last ? Clock : bad ? ShieldAlert : DatabaseBackup;
  const when = (date: Date) => format.dateTime(date, 'dateTime');
  const done = (run: NonNullable<typeof last>) =>
    t('ok', {
      at: when(run.startedAt),
      file: run.file ?? '',
      size: `${format.number((run.bytes ?? 0) / 1024 / 1024, { maximumFractionDigits: 1 })} MB`,
      seconds: format.number(run.durationMs / 1000, { maximumFractionDigits: 1 }),
    });
  return (
    <section
      aria-live="polite"
      data-testid="ops-backup"
      className={cn(
        'mb-4 flex items-start gap-2 rounded-lg border px-4 py-3 text-sm',
        bad ? 'border-red-200 bg-red-50/60 text-live' : 'border-line bg-surface text-ink-700',
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', !bad && last?.ok ? 'text-win' : '')} />
      <div className="min-w-0 flex-1">
        <p className="break-words">
          {!backup
            ? t('unreadable')
            : !last
              ? backup.status === 'off'
                ? t('off')
                : t('never')
              : last.ok
                ? done(last)
                : t('failed', { at: when(last.startedAt), error: last.error ?? '' })}
          {backup?.status === 'overdue'
            ? ` ${t('overdue', { at: backup.lastSuccess ? when(backup.lastSuccess.startedAt) : '—' })}`
            : ''}
          {last && backup?.status === 'off' ? ` ${t('offNow')}` : ''}{' '}
          <Link href="/admin/settings" className="font-medium underline underline-offset-2">
            {t('open')}
          </Link>
        </p>
      </div>
    </section>
  );
}
