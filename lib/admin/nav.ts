// The console's navigation registry: every /admin page has ONE entry here (the side navigation, the page
// guard and the landing page all read it). An entry names the `/api/admin` routes its page drives; the
// roles that may call all of them may open the page and see the entry (lib/admin/access.ts), so a page's
// access follows its routes' `staff` declarations. Labels are message keys (under `admin`).
import { type LucideIcon, MessageSquareText, ScrollText } from 'lucide-react';

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
    key: 'audit',
    section: 'system',
    href: '/admin/audit',
    label: 'audit.nav',
    icon: ScrollText,
    routes: ['/api/admin/audit/list'],
  },
  {
    key: 'sms',
    section: 'system',
    href: '/admin/sms',
    label: 'ops.sms.nav',
    icon: MessageSquareText,
    routes: ['/api/admin/sms/outbox'],
  },
  // review (admin.review, admin.users, admin.live): add entries below
  // catalog (admin.catalog): add entries below
];

export const navEntry = (key: string) => {
  const entry = ADMIN_NAV.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`No console navigation entry "${key}" (lib/admin/nav.ts)`);
  return entry;
};
