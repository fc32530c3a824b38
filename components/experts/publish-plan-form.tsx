'use client';
// The expert's form to publish a plan: a match open to plans, one or two play types (spec §5) with the
// pick and the line where the type has one, the reasoning, free or a price (once the record allows it)
// and 不中退款. Published plans can never be edited: the form says so before sending.
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import { api } from '@/lib/http/client';
import { MARKET_DEFINITIONS, type Market, marketsOf } from '@/lib/markets/markets';

type Sport = 'football' | 'basketball';
type Row = { market: Market; pick: string; line: string };
type PlannableMatch = { id: number; kickoff_at: string; competition: string; home: string; away: string };
type Eligibility = {
  eligible: boolean;
  need_graded: number;
  need_hit_rate: number;
  graded_free: number;
  max_price: number;
};

const REASONING_MAX = 2000;
const firstRow = (sport: Sport): Row => {
  const market = marketsOf(sport)[0]!;
  return { market, pick: MARKET_DEFINITIONS[market].picks[0]!, line: '' };
};

export function PublishPlanForm({ sports }: { sports: Sport[] }) {
  const t = useTranslations('experts');
  const times = useTimeFormat();
  const router = useRouter();
  const [sport, setSport] = useState<Sport>(sports[0] ?? 'football');
  const [matchId, setMatchId] = useState('');
  const [rows, setRows] = useState<Row[]>([firstRow(sports[0] ?? 'football')]);
  const [title, setTitle] = useState('');
  const [reasoning, setReasoning] = useState('');
  const [price, setPrice] = useState('0');
  const [refund, setRefund] = useState(false);
  const [pending, startTransition] = useTransition();
  const matches = useQuery({
    queryKey: ['experts', 'matches', sport],
    queryFn: () => api.get<{ list: PlannableMatch[] }>('api/expert/matches', { sport }),
  });
  const eligibility = useQuery({
    queryKey: ['experts', 'eligibility'],
    queryFn: () => api.get<Eligibility>('api/expert/eligibility'),
  });
  const update = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const changeSport = (next: Sport) => {
    setSport(next);
    setMatchId('');
    setRows([firstRow(next)]);
  };
  const unused = marketsOf(sport).filter((market) => !rows.some((row) => row.market === market));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      try {
        const published = await api.post<{ id: number }>('api/expert/plan/publish', {
          match_id: Number(matchId),
          title,
          reasoning,
          price: Number(price) || 0,
          refund_if_lost: refund,
          selections: rows.map((row) => ({
            market: row.market,
            pick: row.pick,
            line: MARKET_DEFINITIONS[row.market].line ? Number(row.line) : null,
          })),
        });
        router.push(`/specialist-detail?id=${published.id}`);
      } catch {
        // The client showed the server's message.
      }
    });
  };
  const paidAllowed = eligibility.data?.eligible ?? false;
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="publish-plan">
      {sports.length > 1 ? (
        <div className="flex gap-2">
          {sports.map((option) => (
            <Button
              key={option}
              type="button"
              size="sm"
              variant={option === sport ? 'primary' : 'secondary'}
              onClick={() => changeSport(option)}
            >
              {t(`sports.${option}`)}
            </Button>
          ))}
        </div>
      ) : null}
      <div>
        <label htmlFor="plan-match" className={LABEL_CLASS}>
          {t('publish.match')}
        </label>
        <select
          id="plan-match"
          required
          className={INPUT_CLASS}
          value={matchId}
          onChange={(event) => setMatchId(event.target.value)}
        >
          <option value="">
            {matches.isPending
              ? t('publish.loading')
              : matches.data?.list.length
                ? t('publish.chooseMatch')
                : t('publish.noMatch')}
          </option>
          {matches.data?.list.map((match) => (
            <option key={match.id} value={match.id}>
              {`${times.dateTime(new Date(match.kickoff_at), 'kickoff')} · ${t('versus', { home: match.home, away: match.away })} · ${match.competition}`}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="space-y-2">
        <legend className={LABEL_CLASS}>{t('publish.selections')}</legend>
        {rows.map((row, index) => {
          const definition = MARKET_DEFINITIONS[row.market];
          return (
            <div key={row.market} className="flex flex-wrap items-center gap-2">
              <select
                aria-label={t('publish.market')}
                className={`${INPUT_CLASS} w-32`}
                value={row.market}
                onChange={(event) => {
                  const market = event.target.value as Market;
                  update(index, { market, pick: MARKET_DEFINITIONS[market].picks[0]!, line: '' });
                }}
              >
                {[row.market, ...unused].map((market) => (
                  <option key={market} value={market}>
                    {t(`markets.${market}`)}
                  </option>
                ))}
              </select>
              <select
                aria-label={t('publish.pick')}
                className={`${INPUT_CLASS} w-28`}
                value={row.pick}
                onChange={(event) => update(index, { pick: event.target.value })}
              >
                {definition.picks.map((pick) => (
                  <option key={pick} value={pick}>
                    {t(`publish.picks.${definition.kind}.${pick}`)}
                  </option>
                ))}
              </select>
              {definition.line ? (
                <input
                  aria-label={t('publish.line')}
                  type="number"
                  required
                  step={definition.line.step}
                  min={definition.line.min}
                  max={definition.line.max}
                  className={`${INPUT_CLASS} w-28`}
                  placeholder={t(`publish.lineHint.${definition.kind}`)}
                  value={row.line}
                  onChange={(event) => update(index, { line: event.target.value })}
                />
              ) : null}
              {rows.length > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('publish.remove')}
                  onClick={() => setRows(rows.filter((_, at) => at !== index))}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              ) : null}
            </div>
          );
        })}
        {rows.length < 2 && unused.length ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() =>
              setRows([
                ...rows,
                { market: unused[0]!, pick: MARKET_DEFINITIONS[unused[0]!].picks[0]!, line: '' },
              ])
            }
          >
            <Plus aria-hidden className="size-4" />
            {t('publish.addSelection')}
          </Button>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor="plan-title" className={LABEL_CLASS}>
          {t('publish.planTitle')}
        </label>
        <input
          id="plan-title"
          required
          minLength={4}
          maxLength={60}
          className={INPUT_CLASS}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor="plan-reasoning" className={LABEL_CLASS}>
          {t('publish.reasoning')}
        </label>
        <CountedTextarea
          id="plan-reasoning"
          rows={6}
          required
          minLength={20}
          value={reasoning}
          onValueChange={setReasoning}
          max={REASONING_MAX}
          counter={`${reasoning.length}/${REASONING_MAX}`}
        />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="plan-price" className={LABEL_CLASS}>
            {t('publish.price')}
          </label>
          <input
            id="plan-price"
            type="number"
            min={0}
            max={eligibility.data?.max_price ?? 0}
            disabled={!paidAllowed}
            className={`${INPUT_CLASS} w-32`}
            value={paidAllowed ? price : '0'}
            onChange={(event) => setPrice(event.target.value)}
          />
        </div>
        <label className="flex h-10 items-center gap-1.5 text-sm text-ink-700">
          <input
            type="checkbox"
            disabled={!paidAllowed}
            checked={refund}
            onChange={(event) => setRefund(event.target.checked)}
            className="accent-brand-500"
          />
          {t('refundIfLost')}
        </label>
      </div>
      {eligibility.data && !paidAllowed ? (
        <p className="text-xs text-ink-500">
          {t('publish.pricingLocked', {
            graded: eligibility.data.need_graded,
            rate: Math.round(eligibility.data.need_hit_rate * 100),
            have: eligibility.data.graded_free,
          })}
        </p>
      ) : null}
      <p className="text-xs text-ink-500">{t('publish.final')}</p>
      <Button type="submit" disabled={pending} data-testid="publish-plan-submit">
        {pending ? t('publish.sending') : t('publish.submit')}
      </Button>
    </form>
  );
}
