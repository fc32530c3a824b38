// /member, the user center (spec §2): `?type=` picks the tab. The session comes from the `token`
// cookie and the data from the services directly; forms are small client components beside this.
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { getOwnProfile } from '@/lib/accounts/profile-service';
import { findSessionUser, TOKEN_COOKIE } from '@/lib/accounts/session';
import { getDb } from '@/lib/db';
import { earnerRoles } from '@/lib/earnings/earner';
import { productName } from '@/lib/i18n/metadata';
import { redirect } from '@/lib/i18n/navigation';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';
import { ApplyAnchorTab } from './apply-anchor-tab';
import { BackpackTab } from './backpack-tab';
import { BookingsTab, CollectionTab, FollowsTab, MessagesTab } from './content-tabs';
import { FanClubsTab } from './fan-clubs-tab';
import { GuessTab } from './guess-tab';
import { GuestPanel } from './guest-panel';
import { IncomeTab } from './income-tab';
import { InviteTab } from './invite-tab';
import { LevelTab } from './level-tab';
import { MemberRail } from './member-rail';
import { NobilityTab } from './nobility-tab';
import { AnchorTab } from './other-tabs';
import { ProfileTab } from './profile-tab';
import { ShopTab } from './shop-tab';
import {
  ANCHOR_CENTER_TAB,
  APPLY_ANCHOR_TAB,
  BACKPACK_TAB,
  BOOKINGS_TAB,
  COLLECTION_TAB,
  FAN_CLUBS_TAB,
  FOLLOWS_TAB,
  GUESS_TAB,
  INCOME_TAB,
  INVITE_TAB,
  LEVEL_TAB,
  MESSAGES_TAB,
  NOBILITY_TAB,
  PROFILE_TAB,
  SHOP_TAB,
  TASKS_TAB,
  tabOfType,
  WALLET_TAB,
  WITHDRAWALS_TAB,
} from './tabs';
import { TasksTab } from './tasks-tab';
import { WalletTab } from './wallet-tab';
import { WithdrawalsTab } from './withdrawals-tab';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ type?: string; page?: string }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'member' });
  return {
    title: t('title'),
    // A private page: nothing here is for search engines.
    robots: { index: false, follow: false },
    alternates: { languages: Object.fromEntries(LOCALES.map((l) => [l, localizedPath(l, '/member')])) },
  };
}

async function sessionUser() {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  return token ? findSessionUser(getDb(), token, new Date()) : null;
}

export default async function MemberPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const tab = tabOfType(query.type);
  const [session, name] = await Promise.all([sessionUser(), productName(locale)]);

  if (!session) {
    return (
      <>
        <GuestPanel askLogin={[TASKS_TAB, SHOP_TAB, INVITE_TAB].includes(tab.type)} />
        <Footer productName={name} />
      </>
    );
  }
  // Spec §6: the anchor centre is for anchors; everyone else lands on the application tab. Withdrawals
  // are for earners (the wallet says how one earns), the income centre for experts (who apply on /specialist).
  const roles = await earnerRoles(getDb(), session);
  if (tab.type === ANCHOR_CENTER_TAB && !session.isAnchor) {
    return redirect({ href: `/member?type=${APPLY_ANCHOR_TAB}`, locale });
  }
  if (tab.type === WITHDRAWALS_TAB && !roles.earner) {
    return redirect({ href: `/member?type=${WALLET_TAB}`, locale });
  }
  if (tab.type === INCOME_TAB && !roles.expert) return redirect({ href: '/specialist', locale });

  const profile = await getOwnProfile(getDb(), session.id);
  const messages = await getMessages();
  const t = await getTranslations('member');

  return (
    <>
      <div className="mx-auto flex w-full max-w-[1240px] flex-col items-stretch gap-4 px-3 py-4 sm:px-6 layout:flex-row layout:items-start layout:gap-6 layout:py-8">
        <MemberRail profile={profile} current={tab.type} roles={roles} />
        <section aria-labelledby="member-tab-title" className="min-w-0 flex-1">
          <h1 id="member-tab-title" className="mb-4 text-xl font-semibold text-ink-900">
            {t(`tabs.${tab.key}` as never)}
          </h1>
          {/* Only this page's texts go to its client forms; other pages never carry them. */}
          <NextIntlClientProvider
            locale={locale}
            messages={{
              member: messages.member,
              anchorApply: messages.anchorApply,
              auth: messages.auth,
              common: messages.common,
              wallet: messages.wallet,
              nobility: messages.nobility,
              earnings: messages.earnings,
              tasks: messages.tasks,
              shop: messages.shop,
            }}
          >
            {tab.type === PROFILE_TAB ? (
              <ProfileTab profile={profile} />
            ) : tab.type === LEVEL_TAB ? (
              <LevelTab profile={profile} />
            ) : tab.type === WALLET_TAB ? (
              <WalletTab userId={session.id} roles={roles} />
            ) : tab.type === NOBILITY_TAB ? (
              <NobilityTab profile={profile} />
            ) : tab.type === TASKS_TAB ? (
              <TasksTab userId={session.id} now={new Date()} />
            ) : tab.type === FAN_CLUBS_TAB ? (
              <FanClubsTab userId={session.id} />
            ) : tab.type === BACKPACK_TAB ? (
              <BackpackTab userId={session.id} />
            ) : tab.type === SHOP_TAB ? (
              <ShopTab userId={session.id} nickname={session.nickname} now={new Date()} />
            ) : tab.type === GUESS_TAB ? (
              <GuessTab userId={session.id} now={new Date()} />
            ) : tab.type === INVITE_TAB ? (
              <InviteTab userId={session.id} now={new Date()} />
            ) : tab.type === WITHDRAWALS_TAB ? (
              <WithdrawalsTab userId={session.id} now={new Date()} roles={roles} />
            ) : tab.type === INCOME_TAB ? (
              <IncomeTab userId={session.id} now={new Date()} page={Number(query.page) || 1} roles={roles} />
            ) : tab.type === APPLY_ANCHOR_TAB ? (
              <ApplyAnchorTab profile={profile} />
            ) : tab.type === FOLLOWS_TAB ? (
              <FollowsTab userId={session.id} />
            ) : tab.type === COLLECTION_TAB ? (
              <CollectionTab userId={session.id} />
            ) : tab.type === BOOKINGS_TAB ? (
              <BookingsTab userId={session.id} now={new Date()} />
            ) : tab.type === MESSAGES_TAB ? (
              <MessagesTab userId={session.id} />
            ) : (
              <AnchorTab profile={profile} type={tab.type} />
            )}
          </NextIntlClientProvider>
        </section>
      </div>
      <Footer productName={name} />
    </>
  );
}
