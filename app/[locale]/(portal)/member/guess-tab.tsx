// Fun-guess records (`/member?type=24`): the viewer's guesses of the last three months (spec §5, fun-guess
// included) — the room, the question, their pick, the coins staked and what came back; a settlement still
// in its dispute window says when it pays, and one voided after a dispute says why.
import { Dices, History } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { getDb } from '@/lib/db';
import { guessRecords } from '@/lib/guess/read';
import { Link } from '@/lib/i18n/navigation';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { SectionCard } from './section-card';

/** Result pills (green-800 on green-50: the shared pill's green is too light for small text here). */
const TONE = {
  held: 'bg-brand-50 text-brand-600',
  won: 'bg-green-50 text-green-800',
  lost: 'bg-canvas text-ink-700',
  void: 'bg-canvas text-ink-500',
} as const;

export async function GuessTab({ userId, now }: { userId: number; now: Date }) {
  const t = await getTranslations('guess');
  const disputes = await getTranslations('guessDispute');
  const reasons = await getTranslations('im.notices.reasons');
  const format = await getFormatter();
  const times = await getTimeFormat();
  /** Under the result: when a held settlement pays, its review, or why it was voided. */
  const settlementNote = (row: (typeof records.list)[number]) => {
    if (row.guess_status === 'cancelled' && row.void_reason) {
      const code = row.void_reason.code;
      return disputes('voided', {
        reason: reasons.has(code as never) ? reasons(code as never) : code,
        note: row.void_reason.note ? ` · ${row.void_reason.note}` : '',
      });
    }
    if (row.guess_status !== 'settled' || !row.pay_at || row.paid_out) return null;
    return row.dispute_status === 'open'
      ? disputes('recordsReview')
      : disputes('recordsPayAt', { time: times.dateTime(new Date(row.pay_at), 'time') });
  };
  const records = await guessRecords(getDb(), userId, now);
  return (
    <SectionCard title={t('records.title')} icon={History} times={records.list.length > 0}>
      {records.list.length ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-sm" data-testid="guess-records">
            <thead className="text-left text-xs text-ink-500">
              <tr className="border-b border-line">
                <th className="py-2 pr-3 font-medium">{t('records.when')}</th>
                <th className="py-2 pr-3 font-medium">{t('records.room')}</th>
                <th className="py-2 pr-3 font-medium">{t('records.question')}</th>
                <th className="py-2 pr-3 font-medium">{t('records.pick')}</th>
                <th className="py-2 pr-3 text-right font-medium">{t('records.amount')}</th>
                <th className="py-2 pr-3 font-medium">{t('records.outcome')}</th>
                <th className="py-2 text-right font-medium">{t('records.payout')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {records.list.map((row) => (
                <tr key={`${row.guess_id}:${row.placed_at}`}>
                  <td className="py-2 pr-3 whitespace-nowrap text-ink-500">
                    <LocalTime at={row.placed_at} style="dateTime" />
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <Link href={`/live?id=${row.room_id}`} className="text-brand-600 hover:underline">
                      {row.anchor}
                    </Link>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-ink-900">{row.question}</td>
                  <td className="py-2 pr-3 whitespace-nowrap text-ink-700">
                    {row.outcome.pick
                      ? t(`picks.${row.outcome.pick as 'home'}`, {
                          home: t('records.homeSide'),
                          away: t('records.awaySide'),
                          line: String(row.outcome.line ?? ''),
                        })
                      : row.outcome.label}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{format.number(row.amount)}</td>
                  <td className="py-2 pr-3">
                    <span
                      className={`inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium ${TONE[row.status]}`}
                    >
                      {row.status === 'held' ? t('records.pending') : t(`result.${row.status}`)}
                    </span>
                    {settlementNote(row) ? (
                      <p className="mt-1 max-w-56 text-xs text-ink-500" data-testid="guess-record-note">
                        {settlementNote(row)}
                      </p>
                    ) : null}
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    {row.payout === null ? '—' : format.number(row.payout)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState icon={Dices} title={t('records.emptyTitle')} hint={t('records.emptyHint')} />
      )}
    </SectionCard>
  );
}
