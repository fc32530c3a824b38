'use client';
// The side menu of /video-classify (spec §2): the reader's own categories, the recommended ones and
// every group with its categories, and a category search; 304 px open, 66 px collapsed, the choice
// kept in the same cookie as the live pages' menu.
import {
  ChevronDown,
  FolderHeart,
  Loader2,
  PanelLeftClose,
  PanelLeftOpen,
  Search,
  Sparkles,
  X,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { SIDEBAR_COOKIE } from '@/components/layout/nav-items';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import { Link } from '@/lib/i18n/navigation';
import { classifyHref } from '@/lib/videos/links';
import { type MenuCategory, useMyCategories } from './my-categories';

type Group = MenuCategory & { children: MenuCategory[] };
/** Spec §9: search input max 10 characters. */
const SEARCH_MAX = 10;

function CategoryLink({ category, current }: { category: MenuCategory; current: number | null }) {
  const active = category.id === current;
  return (
    <Link
      href={classifyHref(category)}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'block truncate rounded-md px-3 py-1.5 text-sm transition-colors',
        active
          ? 'bg-brand-50 font-medium text-brand-600'
          : 'text-ink-700 hover:bg-canvas hover:text-brand-600',
      )}
      title={category.name}
    >
      {category.name}
    </Link>
  );
}

export function ClassifyMenu({
  groups,
  recommended,
  current,
  initialCollapsed,
}: {
  groups: Group[];
  recommended: MenuCategory[];
  current: number | null;
  initialCollapsed: boolean;
}) {
  const t = useTranslations('videos');
  const { mine, remove } = useMyCategories();
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const [closedGroups, setClosedGroups] = useState<number[]>([]);
  const [words, setWords] = useState('');
  const [found, setFound] = useState<MenuCategory[] | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const text = words.trim();
    if (!text) {
      setFound(null);
      return;
    }
    const timer = setTimeout(async () => {
      setSearching(true);
      try {
        const { list } = await api.get<{ list: MenuCategory[] }>('api/videocclassification/search', {
          name: text,
        });
        setFound(list);
      } catch {
        setFound([]);
      } finally {
        setSearching(false);
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [words]);

  const toggle = () => {
    setCollapsed(!collapsed);
    document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? 0 : 1}; path=/; max-age=31536000; samesite=lax`;
  };
  const heading = 'mb-1 flex items-center gap-2 px-3 text-xs font-semibold tracking-wide text-ink-500';

  return (
    <aside
      aria-label={t('menu')}
      data-testid="classify-menu"
      data-collapsed={collapsed}
      className={cn(
        // On a phone the menu sits above the videos, full width, and scrolls inside a fixed height.
        'flex shrink-0 flex-col border-line bg-surface transition-[width] duration-200 max-md:max-h-72 max-md:w-full max-md:border-b md:sticky md:top-topbar md:h-[calc(100vh-var(--spacing-topbar))] md:border-r',
        collapsed ? 'md:w-side-closed' : 'md:w-side-open',
      )}
    >
      {collapsed ? (
        <div className="flex flex-1 flex-col items-center gap-4 pt-4 text-ink-500">
          <FolderHeart aria-hidden className="size-5" />
          <Sparkles aria-hidden className="size-5" />
        </div>
      ) : (
        <div className="flex-1 space-y-5 overflow-y-auto px-2 py-3">
          <div className="relative px-1">
            <Search aria-hidden className="absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-500" />
            <input
              type="search"
              value={words}
              maxLength={SEARCH_MAX}
              onChange={(event) => setWords(event.target.value.slice(0, SEARCH_MAX))}
              placeholder={t('searchCategories')}
              aria-label={t('searchCategories')}
              className="h-9 w-full rounded-lg border border-line bg-canvas pr-3 pl-8 text-sm outline-none focus:border-brand-400"
              data-testid="category-search"
            />
          </div>
          {found ? (
            <section aria-label={t('searchResults')}>
              <p className={heading}>
                {t('searchResults')}
                {searching ? <Loader2 aria-hidden className="size-3 animate-spin" /> : null}
              </p>
              {found.length ? (
                <ul>
                  {found.map((category) => (
                    <li key={category.id}>
                      <CategoryLink category={category} current={current} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="px-3 text-sm text-ink-500">{t('noCategoryFound')}</p>
              )}
            </section>
          ) : null}
          <section aria-labelledby="my-categories-title" data-testid="my-categories">
            <p id="my-categories-title" className={heading}>
              <FolderHeart aria-hidden className="size-3.5" />
              {t('myCategories')}
            </p>
            {mine.length ? (
              <ul>
                {mine.map((category) => (
                  <li key={category.id} className="group flex items-center" data-testid="my-category">
                    <div className="min-w-0 flex-1">
                      <CategoryLink category={category} current={current} />
                    </div>
                    <button
                      type="button"
                      onClick={() => void remove(category.id).catch(() => {})}
                      aria-label={t('removeNamed', { name: category.name })}
                      className="mr-1 grid size-7 shrink-0 place-items-center rounded text-ink-500 hover:bg-canvas hover:text-live"
                    >
                      <X aria-hidden className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 text-xs leading-5 text-ink-500">{t('myCategoriesEmpty')}</p>
            )}
          </section>
          <section aria-labelledby="recommended-categories-title">
            <p id="recommended-categories-title" className={heading}>
              <Sparkles aria-hidden className="size-3.5" />
              {t('recommended')}
            </p>
            <ul>
              {recommended.map((category) => (
                <li key={category.id}>
                  <CategoryLink category={category} current={current} />
                </li>
              ))}
            </ul>
          </section>
          {groups.map((group) => {
            const open = !closedGroups.includes(group.id);
            return (
              <section key={group.id} aria-labelledby={`group-${group.id}`}>
                <button
                  type="button"
                  id={`group-${group.id}`}
                  aria-expanded={open}
                  onClick={() =>
                    setClosedGroups(
                      open ? [...closedGroups, group.id] : closedGroups.filter((id) => id !== group.id),
                    )
                  }
                  className={cn(heading, 'w-full hover:text-ink-900')}
                >
                  {group.name}
                  <ChevronDown
                    aria-hidden
                    className={cn('ml-auto size-3.5 transition-transform', !open && '-rotate-90')}
                  />
                </button>
                {open ? (
                  <ul>
                    <li>
                      <CategoryLink
                        category={{ id: group.id, name: t('allOf', { group: group.name }) }}
                        current={current}
                      />
                    </li>
                    {group.children.map((category) => (
                      <li key={category.id}>
                        <CategoryLink category={category} current={current} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </section>
            );
          })}
        </div>
      )}
      <button
        type="button"
        onClick={toggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t('expand') : t('collapse')}
        className="flex h-12 items-center gap-3 border-t border-line px-5 text-sm text-ink-500 hover:text-brand-600"
      >
        {collapsed ? (
          <PanelLeftOpen aria-hidden className="size-5" />
        ) : (
          <PanelLeftClose aria-hidden className="size-5" />
        )}
        <span className={cn(collapsed && 'sr-only')}>{collapsed ? t('expand') : t('collapse')}</span>
      </button>
    </aside>
  );
}
