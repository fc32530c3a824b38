// A list's page links: previous, "page n of m", next. Rendered only when there is more than one page;
// the caller builds each link (a keyset list puts its cursor in the next one).
import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';

export async function Pager({
  page,
  pages,
  href,
  className,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  className?: string;
}) {
  if (pages <= 1) return null;
  const t = await getTranslations('common.pager');
  return (
    <nav
      aria-label={t('label')}
      className={cn('flex items-center justify-center gap-3 py-3 text-sm', className)}
    >
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className="text-brand-600 hover:underline">
          {t('previous')}
        </Link>
      ) : null}
      <span className="text-ink-500 tabular-nums">{t('pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className="text-brand-600 hover:underline">
          {t('next')}
        </Link>
      ) : null}
    </nav>
  );
}
