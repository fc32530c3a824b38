// The odds tab: 1x2 captures over time, as a small chart and a table with the movement.
import { LineChart } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { cn } from '@/lib/cn';
import type { MatchDetail } from '@/lib/scores/detail-service';

const SERIES = [
  { key: 'home', stroke: 'stroke-brand-500', dot: 'bg-brand-500' },
  { key: 'draw', stroke: 'stroke-ink-500', dot: 'bg-ink-500' },
  { key: 'away', stroke: 'stroke-ink-900', dot: 'bg-ink-900' },
] as const;

const WIDTH = 480;
const HEIGHT = 120;
const PAD = 10;

/** Prices are stored in thousandths. */
const price = (value: number | null) => (value === null ? '-' : (value / 1000).toFixed(2));

function Movement({ now, before }: { now: number | null; before: number | null | undefined }) {
  if (now === null || before === null || before === undefined || now === before) return null;
  return (
    <span aria-hidden className={cn('ml-1 text-[10px]', now > before ? 'text-live' : 'text-win')}>
      {now > before ? '▲' : '▼'}
    </span>
  );
}

export async function OddsPanel({ detail }: { detail: MatchDetail }) {
  const t = await getTranslations('matchDetail.odds');
  const snapshots = detail.odds.filter((row) => row.market === '1x2');
  if (!snapshots.length) return <EmptyState icon={LineChart} title={t('emptyTitle')} hint={t('emptyHint')} />;
  const values = snapshots.flatMap((row) => [row.home, row.draw ?? row.home, row.away]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (index: number) =>
    snapshots.length === 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (snapshots.length - 1);
  const y = (value: number) =>
    high === low ? HEIGHT / 2 : PAD + ((high - value) * (HEIGHT - 2 * PAD)) / (high - low);
  return (
    <div className="flex flex-col gap-4" data-testid="odds">
      {snapshots.some((row) => row.generated) ? (
        <p className="rounded-md bg-canvas px-3 py-2 text-xs text-ink-500">{t('generatedNote')}</p>
      ) : null}
      <figure className="rounded-lg border border-line p-4">
        <figcaption className="mb-2 flex items-center gap-4 text-xs text-ink-500">
          <span className="font-medium text-ink-700">{t('chartTitle')}</span>
          {SERIES.map((series) => (
            <span key={series.key} className="inline-flex items-center gap-1">
              <span aria-hidden className={cn('size-2 rounded-full', series.dot)} />
              {t(series.key)}
            </span>
          ))}
        </figcaption>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-32 w-full"
          role="img"
          aria-label={t('chartTitle')}
        >
          {SERIES.map((series) => {
            const points = snapshots
              .map((row, index) => {
                const value = series.key === 'draw' ? row.draw : row[series.key];
                return value === null ? null : `${x(index)},${y(value)}`;
              })
              .filter(Boolean);
            return (
              <g key={series.key} className={series.stroke}>
                <polyline points={points.join(' ')} fill="none" strokeWidth="2" />
                {points.map((point) => {
                  const [cx, cy] = point!.split(',');
                  return (
                    <circle key={point} cx={cx} cy={cy} r="3" className="fill-surface" strokeWidth="2" />
                  );
                })}
              </g>
            );
          })}
        </svg>
      </figure>
      <table className="w-full text-sm tabular-nums">
        <thead className="text-xs text-ink-500">
          <tr className="border-b border-line">
            <th className="py-1.5 text-left font-normal">{t('capturedAt')}</th>
            <th className="font-normal">{t('home')}</th>
            <th className="font-normal">{t('draw')}</th>
            <th className="font-normal">{t('away')}</th>
          </tr>
        </thead>
        <tbody>
          {snapshots.map((row, index) => {
            const before = snapshots[index - 1];
            return (
              <tr key={row.id} className="border-b border-line">
                <td className="py-1.5">
                  <LocalTime at={row.capturedAt} style="kickoff" />
                  {row.generated ? (
                    <span className="ml-2 text-[11px] text-ink-500">{t('generated')}</span>
                  ) : null}
                </td>
                <td className="text-center">
                  {price(row.home)}
                  <Movement now={row.home} before={before?.home} />
                </td>
                <td className="text-center">
                  {price(row.draw)}
                  <Movement now={row.draw} before={before?.draw} />
                </td>
                <td className="text-center">
                  {price(row.away)}
                  <Movement now={row.away} before={before?.away} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
