// The left rail: who is signed in, and the tabs as links that keep the type in the address. Below the
// 992 px layout threshold it stands above the tab, its links a row that scrolls sideways.
import { BadgeCheck } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { levelIconUrl } from '@/lib/accounts/level';
import type { OwnProfile } from '@/lib/accounts/profile-service';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import { type TabRoles, visibleTabs } from './tabs';

export async function MemberRail({
  profile,
  current,
  roles,
}: {
  profile: OwnProfile;
  current: number;
  roles: TabRoles;
}) {
  const t = await getTranslations('member');
  return (
    <aside className="w-full min-w-0 space-y-3 layout:sticky layout:top-[calc(var(--spacing-topbar)+2rem)] layout:w-60 layout:shrink-0">
      <div className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4">
        <img
          src={profile.avatar}
          alt=""
          width={52}
          height={52}
          className="size-13 shrink-0 rounded-full border border-line bg-canvas"
        />
        <div className="min-w-0">
          <p
            data-testid="member-nickname"
            className="truncate font-semibold text-ink-900"
            title={profile.nickname}
          >
            {profile.nickname}
          </p>
          <div className="mt-1 flex items-center gap-1.5">
            <img
              src={levelIconUrl(profile.level)}
              alt={t('level.badge', { level: profile.level })}
              width={40}
              height={18}
              className="h-[18px] w-10"
            />
            {profile.isAnchor ? (
              <span className="inline-flex items-center gap-0.5 rounded bg-brand-50 px-1.5 text-xs leading-[18px] font-medium text-brand-600">
                <BadgeCheck aria-hidden className="size-3" />
                {t('rail.anchor')}
              </span>
            ) : null}
            {roles.expert ? (
              <span className="inline-flex items-center gap-0.5 whitespace-nowrap rounded bg-brand-50 px-1.5 text-xs leading-[18px] font-medium text-brand-600">
                <BadgeCheck aria-hidden className="size-3" />
                {t('rail.expert')}
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-xs text-ink-500 tabular-nums">{t('rail.uid', { id: profile.id })}</p>
        </div>
      </div>
      <nav aria-label={t('rail.label')} className="rounded-xl border border-line bg-surface p-2">
        <ul className="flex gap-0.5 overflow-x-auto overscroll-x-contain layout:block layout:space-y-0.5">
          {visibleTabs(roles).map(({ type, key, icon: Icon }) => {
            const active = type === current;
            return (
              <li key={type}>
                <Link
                  href={`/member?type=${type}`}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex h-10 shrink-0 items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm text-ink-700 transition-colors hover:bg-brand-50 hover:text-brand-600 layout:gap-3',
                    active && 'bg-brand-50 font-medium text-brand-600',
                  )}
                >
                  <Icon aria-hidden className="size-[18px] shrink-0" strokeWidth={1.8} />
                  {t(`tabs.${key}` as never)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
