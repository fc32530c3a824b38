// The case file's read-only panels on /admin/users/<id> (server components): sign-ins, accounts that share
// a device or an address, reports about them and by them, their latest content, and staff notes. Tables
// scroll sideways in their own frame on a phone.
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocalTime } from '@/components/ui/local-time';
import { Link } from '@/lib/i18n/navigation';
import type { caseFile } from '@/lib/moderation/case-file';

type CaseFile = Awaited<ReturnType<typeof caseFile>>;

export function Panel({
  id,
  title,
  count,
  children,
  className = '',
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`min-w-0 rounded-lg border border-line bg-surface p-4 ${className}`}
      aria-labelledby={id}
      data-testid={id}
    >
      <h2 id={id} className="mb-3 flex items-baseline gap-2 text-sm font-semibold text-ink-900">
        {title}
        {count !== undefined ? (
          <span className="text-xs font-normal text-ink-500 tabular-nums">{count}</span>
        ) : null}
      </h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-ink-500">{children}</p>;
const CELL = 'py-1.5 pr-3 align-top';
const HEAD = 'pb-1.5 pr-3 text-left text-xs font-normal whitespace-nowrap text-ink-500';

/** The browser named from its User-Agent in a few words (the whole string is the cell's title). */
function browserOf(agent: string) {
  const browser = /(Edg|OPR|Chrome|Firefox|Version)\/[\d.]+/.exec(agent)?.[0]?.replace('Version', 'Safari');
  const system = /(Windows NT [\d.]+|Android [\d.]+|iPhone OS [\d_]+|Mac OS X [\d_]+|Linux)/.exec(agent)?.[0];
  return [browser, system?.replace(/_/g, '.')].filter(Boolean).join(' · ') || agent.slice(0, 40);
}

export async function SignInsPanel({ rows }: { rows: CaseFile['sign_ins'] }) {
  const t = await getTranslations('admin.users.case');
  return (
    <Panel id="case-sign-ins" title={t('signIns')} count={rows.length}>
      {rows.length === 0 ? (
        <Empty>{t('noSignIns')}</Empty>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={HEAD}>{t('time')}</th>
                <th className={HEAD}>{t('address')}</th>
                <th className={HEAD}>{t('device')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-line">
                  <td className={`${CELL} text-xs whitespace-nowrap text-ink-500 tabular-nums`}>
                    <LocalTime at={row.at} style="dateTime" />
                  </td>
                  <td className={`${CELL} font-mono text-xs whitespace-nowrap`}>{row.address || '—'}</td>
                  <td className={`${CELL} text-xs text-ink-700`} title={row.user_agent || undefined}>
                    <span className="whitespace-nowrap">
                      {row.device_type}
                      {row.device_id ? (
                        <span className="ml-1 font-mono text-ink-500">#{row.device_id.slice(0, 6)}</span>
                      ) : null}
                    </span>{' '}
                    {row.user_agent ? (
                      <span className="text-ink-500">{browserOf(row.user_agent)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

export async function SharedPanel({ rows }: { rows: CaseFile['shared'] }) {
  const t = await getTranslations('admin.users.case');
  const now = new Date();
  const sanctioned = (row: CaseFile['shared'][number]) =>
    (row.banned_until && row.banned_until > now) || (row.muted_until && row.muted_until > now);
  // One line per account, with every device and address it shares (devices first, as the query orders).
  const accounts = new Map<number, { row: CaseFile['shared'][number]; via: CaseFile['shared'] }>();
  for (const row of rows) {
    const account = accounts.get(row.id);
    if (account) account.via.push(row);
    else accounts.set(row.id, { row, via: [row] });
  }
  return (
    <Panel id="case-shared" title={t('shared')} count={accounts.size}>
      {accounts.size === 0 ? (
        <Empty>{t('noShared')}</Empty>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {[...accounts.values()].map(({ row, via }) => (
            <li key={row.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-1 py-1.5">
              <Link href={`/admin/users/${row.id}`} className="font-medium text-brand-600 hover:underline">
                {row.nickname} <span className="text-xs text-ink-500">#{row.id}</span>
              </Link>
              {via.map((link) => (
                <span
                  key={`${link.via}-${link.shared}`}
                  className={`rounded px-1.5 text-[11px] whitespace-nowrap ${
                    link.via === 'device' ? 'bg-amber-50 text-amber-800' : 'bg-canvas text-ink-500'
                  }`}
                >
                  {link.via === 'device'
                    ? t('viaDevice', { device: link.shared.slice(0, 6) })
                    : t('viaAddress', { address: link.shared })}
                </span>
              ))}
              {sanctioned(row) ? <span className="text-xs text-live">{t('sanctioned')}</span> : null}
              <span className="ml-auto text-xs whitespace-nowrap text-ink-500 tabular-nums">
                <LocalTime at={row.last_at} style="dateTime" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export async function ReportsPanel({
  id,
  title,
  rows,
  side,
}: {
  id: string;
  title: string;
  rows: CaseFile['reports_made'];
  /** Whom to name: the reporter (reports about the user) or nothing (reports they made). */
  side: 'received' | 'made';
}) {
  const t = await getTranslations('admin.users.case');
  return (
    <Panel id={id} title={title} count={rows.length}>
      {rows.length === 0 ? (
        <Empty>{t('noReports')}</Empty>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {rows.map((row) => (
            <li key={row.id} className="py-1.5">
              <p className="text-ink-900">
                {row.target_type === 'user' ? (
                  <Link href={`/admin/users/${row.target_id}`} className="hover:underline">
                    {t('targets.user')} #{row.target_id}
                  </Link>
                ) : (
                  `${t(`targets.${row.target_type as 'post'}`)} #${row.target_id}`
                )}{' '}
                · {row.reason}
                {row.content ? <span className="text-ink-500"> — {row.content}</span> : null}
              </p>
              <p className="text-xs text-ink-500">
                <LocalTime at={row.created_at} style="dateTime" />
                {side === 'received' ? (
                  <>
                    {' · '}
                    <Link href={`/admin/users/${row.reporter_id}`} className="hover:underline">
                      {t('reportedBy', { name: row.reporter })}
                    </Link>
                  </>
                ) : null}
                {' · '}
                <span className={row.status === 'upheld' ? 'text-live' : undefined}>
                  {t(`reportStatus.${row.status as 'open'}`)}
                </span>
                {row.handler ? ` · ${t('handledBy', { name: row.handler })}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export async function ContentPanel({ rows }: { rows: CaseFile['content'] }) {
  const t = await getTranslations('admin.users.case');
  const STATE = { shown: 'text-ink-500', pending: 'text-amber-700', removed: 'text-live' } as const;
  return (
    <Panel id="case-content" title={t('content')} count={rows.length}>
      {rows.length === 0 ? (
        <Empty>{t('noContent')}</Empty>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {rows.map((row) => (
            <li key={`${row.kind}-${row.id}`} className="flex items-baseline gap-2 py-1.5">
              <span className="shrink-0 rounded bg-canvas px-1.5 text-[11px] whitespace-nowrap text-ink-700">
                {t(`contentKinds.${row.kind}`)}
              </span>
              <span
                className={`min-w-0 flex-1 truncate ${row.state === 'removed' ? 'text-ink-500 line-through' : 'text-ink-900'}`}
                title={row.text}
              >
                {row.text || '—'}
              </span>
              <span className={`shrink-0 text-xs whitespace-nowrap ${STATE[row.state]}`}>
                {t(`states.${row.state}`)}
              </span>
              <span className="hidden shrink-0 text-xs whitespace-nowrap text-ink-500 tabular-nums sm:inline">
                <LocalTime at={row.created_at} style="dateTime" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export async function NotesList({ rows }: { rows: CaseFile['notes'] }) {
  const t = await getTranslations('admin.users.case');
  if (rows.length === 0) return <Empty>{t('noNotes')}</Empty>;
  return (
    <ul className="divide-y divide-line text-sm" data-testid="case-notes">
      {rows.map((row) => (
        <li key={row.id} className="py-1.5">
          <p className="break-words whitespace-pre-wrap text-ink-900">{row.body}</p>
          <p className="text-xs text-ink-500">
            {row.author ?? `#${row.author_id}`} · <LocalTime at={row.created_at} style="dateTime" />
          </p>
        </li>
      ))}
    </ul>
  );
}
