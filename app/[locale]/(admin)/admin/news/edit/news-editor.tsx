'use client';
// The article editor: category, cover (uploaded through lib/storage), when it goes out (now, or a later
// time read in the viewer's zone: scheduled), and a version per language. Bodies are plain text with the
// few marks the article page renders (components/news/article-body.tsx), never HTML. Each save carries
// the editor's reason for the audit log (empty each time the editor opens).
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Field } from '@/components/admin/catalog/fields';
import { ImageField } from '@/components/admin/catalog/image-field';
import { ArticleBody } from '@/components/news/article-body';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, INPUT_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import { REASON_TEXT_MAX } from '@/lib/admin/decision';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';
import { useRouter } from '@/lib/i18n/navigation';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { NEWS_BODY_MAX, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from '@/lib/news/schema';
import { instantFromWallTime, wallTimeOf } from '@/lib/time/zone';

type Version = { locale: Locale; title: string; summary: string; body: string };
type Article = {
  id: number;
  classify_id: number;
  cover: string | null;
  state: 'published' | 'scheduled' | 'removed';
  published_at: string;
  versions: Version[];
};

const empty = (locale: Locale): Version => ({ locale, title: '', summary: '', body: '' });

export function NewsEditor({
  categories,
  article,
}: {
  categories: { id: number; name: string }[];
  article: Article | null;
}) {
  const t = useTranslations('admin.catalog.news');
  const common = useTranslations('admin.catalog.common');
  const timeZone = useTimeFormat().times.timeZone;
  const router = useRouter();
  const [versions, setVersions] = useState<Version[]>(() =>
    LOCALES.map((locale) => article?.versions.find((version) => version.locale === locale) ?? empty(locale)),
  );
  const [tab, setTab] = useState<Locale>(article?.versions[0]?.locale ?? 'zh-CN');
  const [when, setWhen] = useState<'keep' | 'now' | 'at'>(
    article ? (article.state === 'scheduled' ? 'at' : 'keep') : 'now',
  );
  const [at, setAt] = useState(article ? wallTimeOf(new Date(article.published_at), timeZone) : '');
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The client toasts a refusal; it also shows above the buttons.
  const save = useFormPost<object>('api/admin/news/save', {
    refusal: 'toast',
    onSuccess: () => {
      router.push('/admin/news');
      router.refresh();
    },
    onError: (failure) =>
      setError(failure instanceof Error && failure.message ? failure.message : t('failed')),
  });
  const pending = save.isPending;
  const current = versions.find((version) => version.locale === tab)!;
  const update = (patch: Partial<Version>) =>
    setVersions((all) => all.map((version) => (version.locale === tab ? { ...version, ...patch } : version)));

  async function submit(form: FormData) {
    setError(null);
    const written = versions.filter((version) => version.title.trim() || version.body.trim());
    // The language shown first is the one the article was written in.
    written.sort((a, b) => (a.locale === tab ? -1 : b.locale === tab ? 1 : 0));
    if (written.length === 0) return setError(t('needVersion'));
    const incomplete = written.find((version) => !version.title.trim() || !version.body.trim());
    if (incomplete) return setError(t('incomplete', { language: t(`languages.${incomplete.locale}`) }));
    let publishAt: string | undefined;
    if (when === 'at') {
      const instant = instantFromWallTime(at, timeZone);
      if (!instant) return setError(t('badTime'));
      publishAt = instant.toISOString();
    }
    // Awaited: the form action (and React's reset of its fields) ends when the save does.
    await save
      .mutateAsync({
        ...(article ? { id: article.id } : {}),
        reason: String(form.get('reason') ?? '').trim(),
        classify_id: Number(form.get('classify_id')),
        cover: String(form.get('cover') ?? '').trim() || null,
        ...(publishAt ? { publish_at: publishAt } : {}),
        ...(article && when === 'now' ? { publish_now: true } : {}),
        versions: written.map((version) => ({
          locale: version.locale,
          title: version.title.trim(),
          summary: version.summary.trim(),
          body: version.body.trim(),
        })),
      })
      .catch(() => undefined);
  }

  return (
    <form
      action={submit}
      className="grid gap-5 rounded-xl border border-line bg-surface p-5 layout:grid-cols-[minmax(0,1fr)_300px]"
      data-testid="news-editor"
    >
      <div className="min-w-0 space-y-4">
        <div
          role="tablist"
          aria-label={t('languagesColumn')}
          className="flex flex-wrap gap-1 border-b border-line"
        >
          {LOCALES.map((locale) => {
            const filled = versions.find((version) => version.locale === locale)!.title.trim() !== '';
            return (
              <button
                key={locale}
                type="button"
                role="tab"
                aria-selected={tab === locale}
                onClick={() => setTab(locale)}
                className={cn(
                  '-mb-px h-9 border-b-2 px-3 text-sm',
                  tab === locale
                    ? 'border-brand-500 font-medium text-brand-600'
                    : 'border-transparent text-ink-500 hover:text-ink-900',
                )}
              >
                {t(`languages.${locale}`)}
                {filled ? (
                  <span aria-hidden className="ml-1 text-win">
                    ●
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        <Field label={t('articleTitle')}>
          <input
            value={current.title}
            onChange={(event) => update({ title: event.target.value })}
            maxLength={NEWS_TITLE_MAX}
            lang={tab}
            className={INPUT_CLASS}
            data-testid="news-title"
          />
        </Field>
        <Field label={t('summary')} hint={t('summaryHint')}>
          <input
            value={current.summary}
            onChange={(event) => update({ summary: event.target.value })}
            maxLength={NEWS_SUMMARY_MAX}
            lang={tab}
            className={INPUT_CLASS}
          />
        </Field>
        <div>
          <div className="mb-1.5 flex items-center justify-between">
            <span className="text-sm font-medium text-ink-700">{t('body')}</span>
            <button
              type="button"
              onClick={() => setPreview((on) => !on)}
              className="text-sm text-brand-600 hover:underline"
            >
              {preview ? t('write') : t('preview')}
            </button>
          </div>
          {preview ? (
            <div className="min-h-72 space-y-4 rounded-md border border-line px-4 py-3 text-[15px] leading-7 text-ink-900">
              <ArticleBody body={current.body} />
            </div>
          ) : (
            <textarea
              value={current.body}
              onChange={(event) => update({ body: event.target.value })}
              maxLength={NEWS_BODY_MAX}
              lang={tab}
              rows={14}
              className={`${FIELD_CLASS} min-h-72 py-2 leading-6`}
              data-testid="news-body-input"
            />
          )}
          <p className="mt-1 text-xs text-ink-500">{t('marksHint')}</p>
        </div>
      </div>
      <aside className="space-y-4">
        <Field label={t('category')}>
          <select
            name="classify_id"
            defaultValue={article?.classify_id ?? categories[0]?.id}
            className={INPUT_CLASS}
          >
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </Field>
        <ImageField name="cover" label={t('cover')} initial={article?.cover} />
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-ink-700">{t('when')}</legend>
          {(article ? (['keep', 'now', 'at'] as const) : (['now', 'at'] as const)).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-ink-700">
              <input
                type="radio"
                name="when"
                checked={when === option}
                onChange={() => setWhen(option)}
                className="accent-brand-500"
              />
              {t(`whenOptions.${option}`)}
            </label>
          ))}
          {when === 'at' ? (
            <input
              type="datetime-local"
              value={at}
              onChange={(event) => setAt(event.target.value)}
              className={INPUT_CLASS}
              aria-label={t('whenOptions.at')}
              data-testid="news-publish-at"
            />
          ) : null}
        </fieldset>
        <Field label={common('reason')} hint={common('reasonHint')}>
          <textarea
            name="reason"
            required
            maxLength={REASON_TEXT_MAX}
            rows={2}
            className={INPUT_CLASS}
            data-testid="news-reason"
          />
        </Field>
        {error ? (
          <p role="alert" className="text-sm text-live">
            {error}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" disabled={pending} data-testid="news-save">
            {pending ? t('saving') : t('save')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => router.push('/admin/news')}>
            {t('cancel')}
          </Button>
        </div>
      </aside>
    </form>
  );
}
