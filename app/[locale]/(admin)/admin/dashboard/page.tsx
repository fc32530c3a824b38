// /admin/dashboard: the operations overview (issue 29, item 6) — today against the day before, the last
// seven days, what waits for a person now, what the latest ledger check found and how the last backup went. Days are the portal's
// (TIME_ZONE).
import {
  Banknote,
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
import { adminPage, navFor } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { type DashboardDay, operationsDashboard } from '@/lib/admin/dashboard';
import { cn } from '@/lib/cn';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { backupSummary } from '@/lib/jobs/backup';
import { reviewListPath } from '@/lib/review/api';
import { queueSources } from '@/lib/review/source';
import { mayUseRoutes } from '@/lib/server/staff-access';
import { getTimeFormat } from '@/lib/time/viewer-zone';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.ops.dashboard' });
  return { title: t('title') };
}

/** Where each card leads: the queue or list it counts (shown as a link when the reader may open it). */
const QUEUE_HREF = (source: string) => `/admin/review?source=${source}`;
const NOW_HREF = {
  onAir: '/admin/live',
  reportsWaiting: QUEUE_HREF('report'),
  withdrawalsWaiting: QUEUE_HREF('withdrawal'),
  payoutsWaiting: '/admin/payouts?status=approved',
  applicationsWaiting: QUEUE_HREF('anchorApplication'),
} as const;

const METRICS = [
  { key: 'registrations', href: '/admin/users', value: (day: DashboardDay) => day.registrations },
  { key: 'activeViewers', href: '/admin/live', value: (day: DashboardDay) => day.activeViewers },
  { key: 'peakViewers', href: '/admin/live', value: (day: DashboardDay) => day.peakViewers },
  {
    key: 'recharges',
    href: '/admin/ledger',
    value: (day: DashboardDay) => day.recharges.diamonds,
    count: (day: DashboardDay) => day.recharges.count,
  },
  {
    key: 'gifts',
    href: '/admin/gifts',
    value: (day: DashboardDay) => day.gifts.value,
    count: (day: DashboardDay) => day.gifts.count,
  },
  {
    key: 'withdrawals',
    href: QUEUE_HREF('withdrawal'),
    value: (day: DashboardDay) => day.withdrawals.amount,
    count: (day: DashboardDay) => day.withdrawals.count,
  },
] as const;

export default async function DashboardPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await adminPage('dashboard');
  const t = await getTranslations('admin.ops.dashboard');
  const format = await getFormatter();
  const times = await getTimeFormat();
  const timeZone = getConfig().TIME_ZONE;
  // A page render's edge: its instant is read here.
  const at = new Date();
  const [{ days, now, ledger }, backup] = await Promise.all([
    operationsDashboard(getDb(), at, timeZone),
    backupSummary(getDb(), at).catch(() => null),
  ]);
  const today = days.at(-1)!;
  const yesterday = days.at(-2);
  // The queues and lists the reader may open: a card whose page is not theirs shows its figure alone.
  const sources = queueSources().filter((source) => mayUseRoutes(user.role, [reviewListPath(source.key)]));
  const queueCounts = await Promise.all(sources.map((source) => source.count(getDb(), new Date())));
  const pages = new Set(navFor(user).map((entry) => entry.href as string));
  const linkable = (href: string) =>
    href.startsWith('/admin/review?source=')
      ? sources.some((source) => href === QUEUE_HREF(source.key))
      : pages.has(href.split('?')[0]!);
  const queueLabel = await getTranslations('im.notices.items');
  const n = (value: number | null) => (value === null ? '—' : format.number(value));
  const dayLabel = (day: string) => `${times.day(day, 'shortMonthDay')} ${times.day(day, 'weekday')}`;

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description', { zone: timeZone })} />

      <LedgerLine ledger={ledger} />
      <BackupLine backup={backup} />

      <section aria-label={t('waiting')} className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {(
          [
            ['onAir', Radio, now.onAir, t('viewersNow', { viewers: n(now.viewersNow) })],
            ['reportsWaiting', Flag, now.reportsWaiting, null],
            ['withdrawalsWaiting', Wallet, now.withdrawalsWaiting, null],
            ['payoutsWaiting', Banknote, now.payoutsWaiting, null],
            ['applicationsWaiting', ClipboardList, now.applicationsWaiting, null],
          ] as const
        ).map(([key, Icon, value, note]) => (
          <CardLink
            key={key}
            href={linkable(NOW_HREF[key]) ? NOW_HREF[key] : null}
            className="rounded-lg border border-line bg-surface px-4 py-3"
            testId={`ops-${key}`}
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
          </CardLink>
        ))}
      </section>

      {sources.length ? (
        <section
          aria-labelledby="ops-queues"
          className="mb-4 rounded-lg border border-line bg-surface px-4 py-3"
        >
          <h2 id="ops-queues" className="text-xs font-medium text-ink-500">
            {t('queues')}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-1.5" data-testid="ops-queues">
            {sources.map((source, index) => (
              <li key={source.key}>
                <Link
                  href={QUEUE_HREF(source.key)}
                  data-testid={`ops-queue-${source.key}`}
                  className="inline-flex h-8 items-center gap-1.5 rounded-full border border-line px-3 text-sm text-ink-700 hover:border-brand-300 hover:text-brand-600"
                >
                  {queueLabel(source.key as never)}
                  <span
                    className={cn(
                      'min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums',
                      queueCounts[index] ? 'bg-live text-white' : 'bg-canvas',
                    )}
                  >
                    {format.number(queueCounts[index] ?? 0)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-label={t('today')} className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {METRICS.map((metric) => {
          const value = metric.value(today);
          const before = yesterday ? metric.value(yesterday) : null;
          const delta = value !== null && before !== null ? value - before : null;
          return (
            <CardLink
              key={metric.key}
              href={linkable(metric.href) ? metric.href : null}
              className="rounded-lg border border-line bg-surface px-4 py-3"
              testId={`ops-today-${metric.key}`}
            >
              <p className="text-xs font-medium text-ink-500">{t(`metrics.${metric.key}`)}</p>
              <p className="mt-1 text-xl font-semibold text-ink-900 tabular-nums">{n(value)}</p>
              <p className="h-4 text-xs text-ink-500 tabular-nums">
                {'count' in metric ? `${t('times', { count: n(metric.count(today)) })} · ` : ''}
                {delta === null
                  ? ''
                  : t('vsYesterday', { delta: `${delta > 0 ? '+' : ''}${format.number(delta)}` })}
              </p>
            </CardLink>
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

/** A dashboard card: a link to its queue or list, or a plain box when the reader may not open that page. */
function CardLink({
  href,
  className,
  testId,
  children,
}: {
  href: string | null;
  className: string;
  testId: string;
  children: React.ReactNode;
}) {
  return href ? (
    <Link
      href={href}
      data-testid={testId}
      className={cn(className, 'block transition-colors hover:border-brand-300 hover:bg-brand-50/40')}
    >
      {children}
    </Link>
  ) : (
    <div data-testid={testId} className={className}>
      {children}
    </div>
  );
}

/** One line on the latest ledger check (the `ledger-check` job, every 5 minutes): OK, its problems, or not run yet. */
async function LedgerLine({ ledger }: { ledger: Awaited<ReturnType<typeof operationsDashboard>>['ledger'] }) {
  const t = await getTranslations('admin.ops.dashboard.ledger');
  const times = await getTimeFormat();
  const at = ledger ? times.dateTime(ledger.checkedAt, 'dateTime') : '';
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
  const times = await getTimeFormat();
  const last = backup?.last;
  const bad = backup?.status === 'failed' || backup?.status === 'overdue';
  const Icon = !last ? Clock : bad ? ShieldAlert : DatabaseBackup;
  const when = (date: Date) => times.dateTime(date, 'dateTime');
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
          <Link href="/admin/settings" className="whitespace-nowrap font-medium underline underline-offset-2">
            {t('open')}
          </Link>
        </p>
      </div>
    </section>
  );
}
