'use client';
// Home/away statistics as paired bars, following the live summary.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { MatchSummary } from '@/lib/scores/detail-api';
import { useMatchSummary } from './match-summary';

const ORDER = ['possession', 'shots', 'shots_on_target', 'corners', 'fouls', 'yellow_cards', 'red_cards'];

export function MatchStatBars({
  initial,
  empty,
  kinds,
}: {
  initial: MatchSummary;
  empty: ReactNode;
  /** Only these statistics (a few bars in the live room). */
  kinds?: readonly string[];
}) {
  const t = useTranslations('matchDetail.statistics');
  const { data } = useMatchSummary(initial);
  const statistics = kinds ? data.statistics.filter((row) => kinds.includes(row.kind)) : data.statistics;
  if (!statistics.length) return <>{empty}</>;
  const rows = [...statistics].sort(
    (a, b) => ((ORDER.indexOf(a.kind) + 100) % 100) - ((ORDER.indexOf(b.kind) + 100) % 100),
  );
  return (
    <div className="flex flex-col gap-3" data-testid="statistics">
      {rows.some((row) => row.generated) ? (
        <p className="rounded-md bg-canvas px-3 py-2 text-xs text-ink-500">{t('generatedNote')}</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {rows.map((row) => {
          const total = row.home + row.away || 1;
          const percent = row.kind === 'possession';
          return (
            <li key={row.kind} className="flex flex-col gap-1 text-sm">
              <div className="flex items-center justify-between tabular-nums">
                <span className="w-12 font-semibold">{percent ? `${row.home}%` : row.home}</span>
                <span className="text-ink-500">
                  {t.has(`kind.${row.kind}` as never) ? t(`kind.${row.kind}` as never) : row.kind}
                  {row.generated ? <span className="ml-1.5 text-[11px]">{t('generated')}</span> : null}
                </span>
                <span className="w-12 text-right font-semibold">{percent ? `${row.away}%` : row.away}</span>
              </div>
              <div className="flex h-1.5 gap-1">
                <div className="flex flex-1 justify-end overflow-hidden rounded-full bg-canvas">
                  <div
                    className="rounded-full bg-brand-500"
                    style={{ width: `${(row.home / total) * 100}%` }}
                  />
                </div>
                <div className="flex flex-1 overflow-hidden rounded-full bg-canvas">
                  <div
                    className="rounded-full bg-ink-700"
                    style={{ width: `${(row.away / total) * 100}%` }}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
