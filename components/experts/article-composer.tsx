'use client';
// The expert's composer for a free analysis article (/specialist-news/write): sport, an optional match,
// title and body, with a preview drawn by the same `ArticleBody` readers get — bodies are plain text with
// a few marks, never HTML, so nothing typed can add markup. Bad input gets the server's translated words.
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { ArticleBody } from '@/components/news/article-body';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { Link } from '@/lib/i18n/navigation';

type Sport = 'football' | 'basketball';
type PlannableMatch = { id: number; kickoff_at: string; competition: string; home: string; away: string };
const TITLE_MAX = 80;
const BODY_MAX = 8000;

export function ArticleComposer({ sports }: { sports: Sport[] }) {
  const t = useTranslations('experts');
  const times = useTimeFormat();
  const id = useId();
  const [sport, setSport] = useState<Sport>(sports[0] ?? 'football');
  const [matchId, setMatchId] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [published, setPublished] = useState<number | null>(null);
  // A refusal: the client showed the server's message (translated), and nothing was stored.
  const publication = useFormPost<object, { id: number }>('api/expert/article/publish', {
    refusal: 'toast',
    refresh: true,
    onSuccess: (made) => {
      setPublished(made.id);
      setTitle('');
      setBody('');
      setMatchId('');
      setTab('write');
    },
  });
  const pending = publication.isPending;
  const matches = useQuery({
    queryKey: ['experts', 'matches', sport],
    queryFn: () => api.get<{ list: PlannableMatch[] }>('api/expert/matches', { sport }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    publication.mutate({
      sport,
      title: title.trim(),
      body: body.trim(),
      ...(matchId ? { match_id: Number(matchId) } : {}),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="article-composer">
      <p className="text-sm text-ink-500">{t('compose.description')}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[160px_minmax(0,1fr)]">
        <div>
          <label htmlFor={`${id}-sport`} className={LABEL_CLASS}>
            {t('compose.sport')}
          </label>
          <select
            id={`${id}-sport`}
            value={sport}
            onChange={(event) => {
              setSport(event.target.value as Sport);
              setMatchId('');
            }}
            className={INPUT_CLASS}
          >
            {sports.map((value) => (
              <option key={value} value={value}>
                {t(`sports.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-match`} className={LABEL_CLASS}>
            {t('compose.match')}
          </label>
          <select
            id={`${id}-match`}
            value={matchId}
            onChange={(event) => setMatchId(event.target.value)}
            className={cn(INPUT_CLASS, 'truncate')}
          >
            <option value="">{matches.isPending ? t('publish.loading') : t('compose.noMatch')}</option>
            {matches.data?.list.map((match) => (
              <option key={match.id} value={match.id}>
                {times.dateTime(new Date(match.kickoff_at), 'dateTime')} · {match.home} – {match.away}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-title`} className={LABEL_CLASS}>
          {t('compose.articleTitle')}
        </label>
        <input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={TITLE_MAX}
          className={INPUT_CLASS}
          data-testid="article-title"
        />
      </div>
      <div>
        <div className="mb-1.5 flex items-center gap-1" role="tablist" aria-label={t('compose.body')}>
          <span className={cn(LABEL_CLASS, 'mb-0 mr-auto')}>{t('compose.body')}</span>
          {(['write', 'preview'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              onClick={() => setTab(value)}
              className={cn(
                'h-8 rounded-full px-3 text-sm',
                tab === value ? 'bg-brand-500 text-white' : 'text-ink-700 hover:text-brand-600',
              )}
              data-testid={`article-${value}`}
            >
              {t(`compose.${value}`)}
            </button>
          ))}
        </div>
        {tab === 'write' ? (
          <CountedTextarea
            aria-label={t('compose.body')}
            value={body}
            onValueChange={setBody}
            max={BODY_MAX}
            counter={t('compose.count', { count: body.length, max: BODY_MAX })}
            rows={14}
            data-testid="article-body"
          />
        ) : (
          <div
            className="min-h-[22rem] space-y-4 rounded-md border border-line bg-surface px-4 py-3 text-[15px] leading-7 text-ink-900"
            data-testid="article-preview"
          >
            {title.trim() ? <h2 className="text-xl font-bold leading-8">{title.trim()}</h2> : null}
            {body.trim() ? (
              <ArticleBody body={body} />
            ) : (
              <p className="text-sm text-ink-500">{t('compose.previewEmpty')}</p>
            )}
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {published ? (
          <p className="mr-auto text-sm text-win" role="status" data-testid="article-published">
            {t('compose.published')}{' '}
            <Link href={`/specialist-news?id=${published}`} className="text-brand-600 hover:underline">
              {t('compose.view')}
            </Link>
          </p>
        ) : null}
        <Button type="submit" disabled={pending} data-testid="article-submit">
          {pending ? t('compose.sending') : t('compose.submit')}
        </Button>
      </div>
    </form>
  );
}
