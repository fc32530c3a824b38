// The circles beside the posts: all, the general circles, the leagues, and the clubs of the league in
// view (or of the club's league) — the full club list would be hundreds of links.
import { useTranslations } from 'next-intl';
import type { CircleItem } from '@/lib/circles/service';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';

export function CircleNav({ circles, currentId }: { circles: CircleItem[]; currentId: number | undefined }) {
  const t = useTranslations('circle');
  const current = circles.find((circle) => circle.id === currentId);
  const leagueId =
    current?.kind === 'club' ? current.parent_id : current?.kind === 'league' ? current.id : null;
  const league = circles.find((circle) => circle.id === leagueId);
  const groups = [
    { key: 'general', title: t('general'), items: circles.filter((circle) => circle.kind === 'general') },
    { key: 'leagues', title: t('leagues'), items: circles.filter((circle) => circle.kind === 'league') },
    ...(league
      ? [
          {
            key: 'clubs',
            title: t('clubsOf', { name: league.name }),
            items: circles.filter((circle) => circle.kind === 'club' && circle.parent_id === league.id),
          },
        ]
      : []),
  ];
  const linkClass = (active: boolean) =>
    cn(
      'flex items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-sm transition-colors',
      active ? 'bg-brand-50 font-medium text-brand-700' : 'text-ink-700 hover:bg-canvas hover:text-brand-600',
    );
  return (
    <nav
      aria-label={t('circles')}
      className="self-start rounded-xl border border-line bg-surface p-3"
      data-testid="circle-nav"
    >
      <Link href="/circle" className={linkClass(!currentId)} aria-current={!currentId ? 'page' : undefined}>
        {t('allCircles')}
      </Link>
      {groups.map((group) =>
        group.items.length ? (
          <div key={group.key} className="mt-3">
            <h2 className="px-2.5 pb-1 text-xs font-medium text-ink-500">{group.title}</h2>
            <ul className={cn(group.key === 'clubs' && 'max-h-80 overflow-y-auto')}>
              {group.items.map((circle) => (
                <li key={circle.id}>
                  <Link
                    href={`/circle?circle=${circle.id}`}
                    className={linkClass(circle.id === currentId)}
                    aria-current={circle.id === currentId ? 'page' : undefined}
                  >
                    <span className="truncate" title={circle.name}>
                      {circle.name}
                    </span>
                    {circle.posts ? (
                      <span className="shrink-0 text-xs text-ink-500 tabular-nums">{circle.posts}</span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </nav>
  );
}
