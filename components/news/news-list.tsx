// Article rows of the news screens (server markup): title, summary, category, an "automatic" mark on
// reports written from the data, time and counts.
import { Eye, MessageSquare, ThumbsUp } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { LocalTime } from '@/components/ui/local-time';
import { Link } from '@/lib/i18n/navigation';
import type { NewsListItem } from '@/lib/news/service';

export async function AutomaticBadge() {
  const t = await getTranslations('news');
  return (
    <span
      className="rounded border border-brand-200 bg-brand-50 px-1.5 text-xs leading-5 text-brand-600"
      title={t('automaticHint')}
      data-testid="news-automatic"
    >
      {t('automatic')}
    </span>
  );
}

export async function NewsList({ items }: { items: NewsListItem[] }) {
  const badge = await AutomaticBadge();
  return (
    <ul className="divide-y divide-line" data-testid="news-list">
      {items.map((item) => (
        <li key={item.id} className="flex gap-4 px-5 py-4">
          {item.cover ? (
            <img
              src={item.cover}
              alt=""
              width={160}
              height={90}
              loading="lazy"
              className="h-[90px] w-[160px] shrink-0 rounded-md border border-line bg-canvas object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1 space-y-1.5">
            <h2 className="text-base font-semibold leading-6 text-ink-900">
              <Link href={`/detail?id=${item.id}`} className="hover:text-brand-600" data-testid="news-link">
                {item.title}
              </Link>
            </h2>
            <p className="line-clamp-2 text-sm leading-6 text-ink-500">{item.summary}</p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
              <span className="rounded bg-canvas px-1.5 leading-5 text-ink-700">{item.category.name}</span>
              {item.automatic ? badge : null}
              <LocalTime at={item.published_at} style="dateTime" className="tabular-nums" />
              <span className="inline-flex items-center gap-1 tabular-nums">
                <Eye aria-hidden className="size-3.5" />
                {item.views}
              </span>
              <span className="inline-flex items-center gap-1 tabular-nums">
                <ThumbsUp aria-hidden className="size-3.5" />
                {item.likes}
              </span>
              <span className="inline-flex items-center gap-1 tabular-nums">
                <MessageSquare aria-hidden className="size-3.5" />
                {item.comments}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The side list of most read articles, numbered. */
export async function PopularNews({ items }: { items: NewsListItem[] }) {
  const t = await getTranslations('news');
  return (
    <section aria-labelledby="popular-news" className="rounded-xl border border-line bg-surface">
      <h2
        id="popular-news"
        className="flex h-11 items-center border-b border-line px-4 font-semibold text-ink-900"
      >
        {t('popular')}
      </h2>
      {items.length ? (
        <ol className="space-y-0.5 p-2">
          {items.map((item, index) => (
            <li key={item.id}>
              <Link
                href={`/detail?id=${item.id}`}
                className="flex gap-2.5 rounded-md px-2 py-1.5 text-sm leading-5 text-ink-700 hover:bg-canvas hover:text-brand-600"
              >
                <span
                  className={
                    index < 3
                      ? 'w-5 shrink-0 text-center font-semibold text-live tabular-nums'
                      : 'w-5 shrink-0 text-center text-ink-500 tabular-nums'
                  }
                >
                  {index + 1}
                </span>
                <span className="line-clamp-2">{item.title}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className="px-4 py-6 text-sm text-ink-500">{t('popularEmpty')}</p>
      )}
    </section>
  );
}
