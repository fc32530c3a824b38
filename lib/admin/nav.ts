// The console's navigation registry: every /admin page has ONE entry here (the side navigation, the page
// guard and the landing page all read it). An entry names the `/api/admin` routes its page drives; the
// roles that may call all of them may open the page and see the entry (lib/admin/access.ts), so a page's
// access follows its routes' `staff` declarations. Labels are message keys (under `admin`).
import {
  Banknote,
  ClipboardList,
  Coins,
  CreditCard,
  Crown,
  FileSearch,
  FileSpreadsheet,
  FileText,
  Flame,
  FolderTree,
  Gauge,
  Gift,
  Inbox,
  Landmark,
  type LucideIcon,
  Megaphone,
  MessageSquareText,
  Newspaper,
  Package,
  PackageCheck,
  Radio,
  ScrollText,
  Settings2,
  ShieldBan,
  ShieldCheck,
  SlidersHorizontal,
  UserSearch,
  Wallet,
} from 'lucide-react';

/** Sections of the side navigation, in order; their titles are `admin.shell.sections.<section>`. */
export const ADMIN_SECTIONS = ['overview', 'review', 'live', 'users', 'content', 'money', 'system'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export type AdminNavEntry = {
  /** Unique; the page passes it to `adminPage(key)`. */
  key: string;
  section: AdminSection;
  /** The page's path without the locale prefix. */
  href: `/admin${string}`;
  /** A message key under `admin`, e.g. `audit.nav`. */
  label: string;
  icon: LucideIcon;
  /** The `/api/admin` routes the page drives: its roles are those every one of them accepts. */
  routes: readonly string[];
};

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  // console (admin.ops, admin.audit, admin.shell)
  {
    key: 'dashboard',
    section: 'overview',
    href: '/admin/dashboard',
    label: 'ops.dashboard.nav',
    icon: Gauge,
    routes: ['/api/admin/ops/dashboard'],
  },
  {
    key: 'audit',
    section: 'system',
    href: '/admin/audit',
    label: 'audit.nav',
    icon: ScrollText,
    routes: ['/api/admin/audit/list'],
  },
  {
    key: 'roles',
    section: 'system',
    href: '/admin/roles',
    label: 'ops.roles.nav',
    icon: ShieldCheck,
    routes: ['/api/admin/staff/list', '/api/admin/staff/lookup', '/api/admin/staff/grant'],
  },
  {
    key: 'settings',
    section: 'system',
    href: '/admin/settings',
    label: 'ops.settings.nav',
    icon: Settings2,
    routes: [
      '/api/admin/settings',
      '/api/admin/settings/save',
      '/api/admin/backup',
      '/api/admin/backup/save',
      '/api/admin/backup/run',
      '/api/admin/retention',
      '/api/admin/retention/save',
    ],
  },
  {
    key: 'sms',
    section: 'system',
    href: '/admin/sms',
    label: 'ops.sms.nav',
    icon: MessageSquareText,
    routes: ['/api/admin/sms/outbox'],
  },
  {
    key: 'ledger',
    section: 'money',
    href: '/admin/ledger',
    label: 'ops.ledger.nav',
    icon: Landmark,
    routes: ['/api/admin/ledger/check'],
  },
  // finance (admin.payouts, admin.finance): payouts of approved withdrawals and the daily report
  {
    key: 'payouts',
    section: 'money',
    href: '/admin/payouts',
    label: 'payouts.nav',
    icon: Banknote,
    routes: [
      '/api/admin/withdrawals/list',
      '/api/admin/withdrawals/pay',
      '/api/admin/withdrawals/return',
      '/api/admin/withdrawals/export',
      '/api/admin/withdrawals/import',
    ],
  },
  {
    key: 'finance',
    section: 'money',
    href: '/admin/finance',
    label: 'finance.nav',
    icon: FileSpreadsheet,
    routes: ['/api/admin/finance/report'],
  },
  // review (admin.review, admin.users, admin.live): add entries below
  {
    key: 'review',
    section: 'review',
    href: '/admin/review',
    label: 'review.nav',
    icon: Inbox,
    // The page shows each role the sources whose own routes it may call (lib/review/api.ts).
    routes: ['/api/admin/review/summary'],
  },
  {
    key: 'content',
    section: 'review',
    href: '/admin/content',
    label: 'content.nav',
    icon: FileSearch,
    // Restoring is an operator's (the page offers it to them only).
    routes: ['/api/admin/content/list', '/api/admin/content/remove'],
  },
  {
    key: 'plans',
    section: 'review',
    href: '/admin/plans',
    label: 'plans.nav',
    icon: ClipboardList,
    routes: ['/api/admin/expertPlan/list', '/api/admin/expertPlan/void'],
  },
  {
    key: 'live',
    section: 'live',
    href: '/admin/live',
    label: 'live.nav',
    icon: Radio,
    routes: [
      '/api/admin/live/rooms',
      '/api/admin/live/seal',
      '/api/admin/live/unseal',
      '/api/admin/live/removeTitle',
      '/api/admin/live/removeCover',
    ],
  },
  {
    key: 'users',
    section: 'users',
    href: '/admin/users',
    label: 'users.nav',
    icon: UserSearch,
    routes: ['/api/admin/users/search', '/api/admin/users/profile'],
  },
  // catalog (admin.catalog): add entries below
  {
    key: 'news',
    section: 'content',
    href: '/admin/news',
    label: 'catalog.news.nav',
    icon: Newspaper,
    routes: [
      '/api/admin/news/list',
      '/api/admin/news/save',
      '/api/admin/news/delete',
      '/api/admin/news/restore',
    ],
  },
  {
    key: 'promos',
    section: 'content',
    href: '/admin/promos',
    label: 'catalog.promos.nav',
    icon: Megaphone,
    routes: [
      '/api/admin/promo/save',
      '/api/admin/popup/save',
      '/api/admin/promo/delete',
      '/api/admin/popup/delete',
    ],
  },
  {
    key: 'legal',
    section: 'content',
    href: '/admin/legal',
    label: 'catalog.legal.nav',
    icon: FileText,
    routes: ['/api/admin/legal/save', '/api/admin/legal/reset'],
  },
  {
    key: 'hotSearch',
    section: 'content',
    href: '/admin/hot-search',
    label: 'catalog.hotSearch.nav',
    icon: Flame,
    routes: ['/api/admin/hotSearch/list', '/api/admin/hotSearch/save', '/api/admin/hotSearch/delete'],
  },
  {
    key: 'sensitiveWords',
    section: 'content',
    href: '/admin/sensitive-words',
    label: 'catalog.words.nav',
    icon: ShieldBan,
    routes: [
      '/api/admin/sensitiveWords/list',
      '/api/admin/sensitiveWords/add',
      '/api/admin/sensitiveWords/delete',
      '/api/admin/sensitiveWords/policy',
    ],
  },
  {
    key: 'gifts',
    section: 'money',
    href: '/admin/gifts',
    label: 'catalog.gifts.nav',
    icon: Gift,
    routes: ['/api/admin/gifts/list', '/api/admin/gifts/save'],
  },
  {
    key: 'recharge',
    section: 'money',
    href: '/admin/recharge',
    label: 'catalog.recharge.nav',
    icon: Wallet,
    routes: ['/api/admin/chargeRules/list', '/api/admin/chargeRules/save'],
  },
  {
    key: 'shopOrders',
    section: 'money',
    href: '/admin/shop-orders',
    label: 'catalog.orders.nav',
    icon: PackageCheck,
    routes: ['/api/admin/goods/exchanges', '/api/admin/goods/exchangeStatus'],
  },
  {
    key: 'coinRules',
    section: 'money',
    href: '/admin/coin-rules',
    label: 'coins.nav',
    icon: Coins,
    routes: [
      '/api/admin/tasks/rules',
      '/api/admin/tasks/saveRules',
      '/api/admin/invitations/rules',
      '/api/admin/invitations/saveRules',
    ],
  },
  {
    key: 'reviewSettings',
    section: 'system',
    href: '/admin/review-settings',
    label: 'catalog.reviewSettings.nav',
    icon: SlidersHorizontal,
    routes: ['/api/admin/horn/settings', '/api/admin/circle/settings'],
  },
  // catalog2 (admin.catalog2): add entries below
  {
    key: 'newsCategories',
    section: 'content',
    href: '/admin/news-categories',
    label: 'catalog2.categories.nav',
    icon: FolderTree,
    routes: ['/api/admin/news/categories', '/api/admin/news/categorySave', '/api/admin/news/categoryDelete'],
  },
  {
    key: 'nobility',
    section: 'money',
    href: '/admin/nobility',
    label: 'catalog2.nobility.nav',
    icon: Crown,
    routes: ['/api/admin/nobility/tiers', '/api/admin/nobility/saveTier'],
  },
  {
    key: 'payChannels',
    section: 'money',
    href: '/admin/pay-channels',
    label: 'catalog2.channels.nav',
    icon: CreditCard,
    routes: ['/api/admin/payChannels/list', '/api/admin/payChannels/save'],
  },
  {
    key: 'goods',
    section: 'money',
    href: '/admin/goods',
    label: 'catalog2.goods.nav',
    icon: Package,
    routes: ['/api/admin/goods/list', '/api/admin/goods/save'],
  },
];

export const navEntry = (key: string) => {
  const entry = ADMIN_NAV.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`No console navigation entry "${key}" (lib/admin/nav.ts)`);
  return entry;
};
