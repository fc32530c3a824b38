// The user-center tabs, chosen by `?type=` (spec §2). Numbers are the spec's (the task centre is 18, the
// exchange shop 19); fun-guess records are 24; gaps are types other screens use. The spec names no number for the invite centre: it
// is 23; an expert's income centre is 25. A tab is listed only once its feature works.
import {
  Award,
  Backpack,
  Banknote,
  CalendarCheck,
  ClipboardList,
  Coins,
  Crown,
  Dices,
  Heart,
  HeartHandshake,
  type LucideIcon,
  MessageSquare,
  Mic,
  Radio,
  Star,
  TrendingUp,
  UserPlus,
  UserRound,
  Wallet,
} from 'lucide-react';

export type MemberTab = {
  type: number;
  key: string;
  icon: LucideIcon;
  /**
   * Who sees the tab in the rail; the address works for everyone except where the page redirects. An
   * earner is an anchor, an expert or anyone else holding yellow diamonds (lib/earnings/earner.ts).
   */
  shownTo: 'all' | 'anchor' | 'nonAnchor' | 'expert' | 'earner';
};

export const PROFILE_TAB = 1;
export const WALLET_TAB = 2;
export const FOLLOWS_TAB = 3;
export const COLLECTION_TAB = 4;
export const LEVEL_TAB = 5;
export const BOOKINGS_TAB = 6;
export const APPLY_ANCHOR_TAB = 7;
export const NOBILITY_TAB = 8;
export const ANCHOR_CENTER_TAB = 9;
export const MESSAGES_TAB = 10;
export const TASKS_TAB = 18;
export const BACKPACK_TAB = 20;
export const WITHDRAWALS_TAB = 21;
export const FAN_CLUBS_TAB = 22;
export const SHOP_TAB = 19;
export const INVITE_TAB = 23;
export const GUESS_TAB = 24;
export const INCOME_TAB = 25;

export const MEMBER_TABS: MemberTab[] = [
  { type: PROFILE_TAB, key: 'profile', icon: UserRound, shownTo: 'all' },
  { type: WALLET_TAB, key: 'wallet', icon: Wallet, shownTo: 'all' },
  { type: LEVEL_TAB, key: 'level', icon: Award, shownTo: 'all' },
  { type: TASKS_TAB, key: 'tasks', icon: ClipboardList, shownTo: 'all' },
  { type: BACKPACK_TAB, key: 'backpack', icon: Backpack, shownTo: 'all' },
  { type: SHOP_TAB, key: 'shop', icon: Coins, shownTo: 'all' },
  { type: INVITE_TAB, key: 'invite', icon: UserPlus, shownTo: 'all' },
  { type: GUESS_TAB, key: 'guess', icon: Dices, shownTo: 'all' },
  { type: INCOME_TAB, key: 'income', icon: TrendingUp, shownTo: 'expert' },
  { type: WITHDRAWALS_TAB, key: 'withdrawals', icon: Banknote, shownTo: 'earner' },
  { type: FOLLOWS_TAB, key: 'follows', icon: Heart, shownTo: 'all' },
  { type: COLLECTION_TAB, key: 'collection', icon: Star, shownTo: 'all' },
  { type: BOOKINGS_TAB, key: 'booking', icon: CalendarCheck, shownTo: 'all' },
  { type: MESSAGES_TAB, key: 'messages', icon: MessageSquare, shownTo: 'all' },
  { type: NOBILITY_TAB, key: 'nobility', icon: Crown, shownTo: 'all' },
  { type: FAN_CLUBS_TAB, key: 'fanClubs', icon: HeartHandshake, shownTo: 'all' },
  { type: APPLY_ANCHOR_TAB, key: 'applyAnchor', icon: Mic, shownTo: 'nonAnchor' },
  { type: ANCHOR_CENTER_TAB, key: 'anchorCenter', icon: Radio, shownTo: 'anchor' },
];

export function tabOfType(type: string | undefined): MemberTab {
  return MEMBER_TABS.find((tab) => String(tab.type) === type) ?? MEMBER_TABS[0]!;
}

export type TabRoles = { anchor: boolean; expert: boolean; earner: boolean };

export function visibleTabs(roles: TabRoles) {
  const shown = {
    all: true,
    anchor: roles.anchor,
    nonAnchor: !roles.anchor,
    expert: roles.expert,
    earner: roles.earner,
  } as const;
  return MEMBER_TABS.filter((tab) => shown[tab.shownTo]);
}
