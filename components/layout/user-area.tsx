// The top bar's account corner (spec §2): guests get the task centre (refused with 'please log in and
// retry') and the login entry; a signed-in user gets the task centre (a dot when a sign-in or a finished
// task waits), the start-broadcast entry and the avatar whose hover card holds level, wallet, shortcuts
// (the task centre, the exchange shop `/member?type=19`, the invite centre 23), for staff the console
// (`/admin`), and logout. The card opens
// with CSS on hover and keyboard focus. Below the 992 px layout threshold only the login entry or the
// avatar stays (the rest is in the phone's menu); up to 1536 px the entries show their icons, their names
// in a tooltip and to screen readers.
import {
  ClipboardList,
  Coins,
  Gem,
  LayoutGrid,
  ShieldCheck,
  Trophy,
  UserPlus,
  UserRound,
  Video,
} from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { GuestTaskButton, LoginButton } from '@/components/accounts/login-button';
import { LogoutButton } from '@/components/accounts/logout-button';
import { TopBarMessageEntries } from '@/components/im/top-bar-entries';
import { BalanceAmount } from '@/components/wallet/balance-amount';
import { avatarOf } from '@/lib/accounts/avatars';
import { levelIconUrl, levelOf } from '@/lib/accounts/level';
import type { SessionUser } from '@/lib/accounts/session';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import { type Locale, localizedPath } from '@/lib/i18n/routing';
import { claimableCount } from '@/lib/tasks/service';
import { walletBalancesOf } from '@/lib/wallet/balance-shape';
import { balancesOf } from '@/lib/wallet/ledger';

const ENTRY =
  'hidden h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-sm text-white/80 hover:bg-white/10 hover:text-white layout:flex';
/** An entry's name: beside its icon from 1536 px, before that for screen readers (and its tooltip). */
const ENTRY_NAME = 'sr-only 2xl:not-sr-only';

export async function UserArea({ user }: { user: SessionUser | null }) {
  const t = await getTranslations('userMenu');
  if (!user) {
    const tAuth = await getTranslations('auth');
    return (
      <div className="ml-auto flex shrink-0 items-center gap-1 layout:ml-0">
        <GuestTaskButton
          className={`${ENTRY} [&>span]:sr-only 2xl:[&>span]:not-sr-only`}
          title={t('taskCenter')}
          label={t('taskCenter')}
          message={t('loginRetry')}
          icon={<ClipboardList aria-hidden className="size-4" />}
        />
        <LoginButton
          testId="login-entry"
          className="ml-1 h-9 shrink-0 whitespace-nowrap rounded-full bg-brand-500 px-3.5 text-sm font-medium text-white hover:bg-brand-600 layout:h-8 layout:px-4"
          label={tAuth('loginOrRegister')}
        />
      </div>
    );
  }

  const locale = (await getLocale()) as Locale;
  const [balances, messages, claimable] = await Promise.all([
    balancesOf(getDb(), user.id),
    getMessages(),
    // The request's instant: a server component reads it once, like the member page.
    claimableCount(getDb(), user.id, new Date()),
  ]);
  const level = levelOf(user.experience);
  const avatar = avatarOf(user);
  const shortcuts = [
    { href: `/persona?uid=${user.id}`, label: t('personalSpace'), icon: UserRound },
    { href: '/member?type=18', label: t('taskCenter'), icon: LayoutGrid },
    { href: '/member?type=5', label: t('levelRights'), icon: Trophy },
    { href: '/member?type=19', label: t('exchangeShop'), icon: Coins },
    { href: '/member?type=23', label: t('inviteCentre'), icon: UserPlus },
  ];
  return (
    <div className="ml-auto flex shrink-0 items-center gap-1 layout:ml-0">
      <div className="hidden items-center gap-1 layout:flex">
        <NextIntlClientProvider messages={{ im: messages.im, moderation: messages.moderation }}>
          <TopBarMessageEntries meId={user.id} />
        </NextIntlClientProvider>
      </div>
      <Link href="/member?type=18" className={ENTRY} data-testid="task-entry" title={t('taskCenter')}>
        <span className="relative">
          <ClipboardList aria-hidden className="size-4" />
          {claimable > 0 ? (
            <span
              className="absolute -top-0.5 -right-0.5 size-2 rounded-full bg-live ring-2 ring-night"
              data-testid="task-dot"
            />
          ) : null}
        </span>
        <span className={ENTRY_NAME}>{t('taskCenter')}</span>
        {claimable > 0 ? <span className="sr-only">{t('claimable')}</span> : null}
      </Link>
      <Link
        href={user.isAnchor ? '/member?type=9' : '/member?type=7'}
        className={ENTRY}
        title={t('startLive')}
      >
        <Video aria-hidden className="size-4" />
        <span className={ENTRY_NAME}>{t('startLive')}</span>
      </Link>
      <div className="group relative ml-1" data-testid="user-menu">
        <Link href="/member" aria-label={t('userCenter')} className="block rounded-full ring-2 ring-white/20">
          <img src={avatar} alt="" width={32} height={32} className="size-8 rounded-full bg-night-2" />
        </Link>
        <div className="invisible absolute right-0 top-full z-50 pt-2 opacity-0 transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
          <div className="w-72 rounded-xl bg-surface p-4 text-ink-900 shadow-xl ring-1 ring-line">
            <div className="flex items-center gap-3">
              <img src={avatar} alt="" width={48} height={48} className="size-12 rounded-full bg-canvas" />
              <div className="min-w-0">
                <p className="truncate font-semibold" title={user.nickname}>
                  {user.nickname}
                </p>
                <img
                  src={levelIconUrl(level)}
                  alt={t('level', { level })}
                  width={44}
                  height={18}
                  className="mt-1 h-[18px] w-11"
                />
              </div>
            </div>
            <Link
              href="/member?type=2"
              className="mt-3 flex items-center justify-between rounded-lg bg-canvas px-3 py-2 text-sm hover:text-brand-600"
            >
              <span className="flex items-center gap-1.5 text-ink-700">
                <Gem aria-hidden className="size-4 text-brand-500" />
                {t('balance')}
              </span>
              <BalanceAmount
                currency="star"
                server={walletBalancesOf(balances)}
                className="font-semibold tabular-nums"
                testId="balance"
              />
            </Link>
            <ul className="mt-3 grid grid-cols-3 gap-1">
              {shortcuts.map(({ href, label, icon: Icon }) => (
                <li key={href}>
                  <Link
                    href={href}
                    className="flex flex-col items-center gap-1 rounded-lg px-1 py-2 text-center text-xs text-ink-700 hover:bg-brand-50 hover:text-brand-600"
                  >
                    <Icon aria-hidden className="size-5" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
            {user.role !== 'user' ? (
              // Staff only (operator, moderator, finance): /admin opens the first console page their role may use.
              <Link
                href="/admin"
                data-testid="console-entry"
                className="mt-3 flex h-9 items-center justify-center gap-1.5 rounded-md bg-night text-sm font-medium text-white hover:bg-night-2"
              >
                <ShieldCheck aria-hidden className="size-4" />
                {t('console')}
              </Link>
            ) : null}
            <LogoutButton
              label={t('logout')}
              home={localizedPath(locale, '/main')}
              className="mt-3 h-9 w-full rounded-md border border-line text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600"
            />
          </div>
        </div>
      </div>
    </div>
  );
}
