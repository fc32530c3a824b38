// The home page's sports headlines (spec §2 home): the newest articles of the reader's language.
import { Newspaper } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { LocalTime } from '@/components/ui/local-time';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listNews } from '@/lib/news/service';

const HEADLINES = 8;

export async function HomeHeadlines({ locale }: { locale: Locale }) {
  const [t, news] = await Promise.all([
    getTranslations('news'),
    listNews(getDb(), locale, { page: 1, size: HEADLINES, now: new Date() }),
  ]);
  return (
    <section
      aria-labelledby="home-headlines"
      className="rounded-xl border border-line bg-surface"
      data-testid="home-headlines"
    >
      <header className="flex h-11 items-center gap-2 border-b border-line px-4">
        <Newspaper aria-hidden className="size-4 text-brand-600" />
        <h2 id="home-headlines" className="font-semibold text-ink-900">
          {t('headlines')}
        </h2>
        <Link href="/news" className="ml-auto text-sm text-brand-600 hover:underline">
          {t('more')}
        </Link>
      </header>
      {news.list.length ? (
        <ul className="grid grid-cols-1 gap-x-6 px-4 py-2 layout:grid-cols-2">
          {news.list.map((item) => (
            <li key={item.id} className="flex items-baseline gap-3 py-1.5 text-sm">
              <Link
                href={`/detail?id=${item.id}`}
                className="min-w-0 flex-1 truncate text-ink-700 hover:text-brand-600"
                title={item.title}
              >
                {item.title}
              </Link>
              <LocalTime
                at={item.published_at}
                style="monthDay"
                className="shrink-0 text-xs text-ink-500 tabular-nums"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-4 py-6 text-sm text-ink-500">{t('emptyHint')}</p>
      )}
    </section>
  );
}
