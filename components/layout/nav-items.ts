// The portal's navigation (spec §2): the top bar's items with their hover menus, and the side menu.
export type NavLink = { key: string; href: string; newTab?: boolean };
export type NavItem = NavLink & { children?: NavLink[] };

export const TOP_NAV: NavItem[] = [
  { key: 'home', href: '/main' },
  {
    key: 'scores',
    href: '/football',
    children: [
      { key: 'football', href: '/football' },
      { key: 'basketball', href: '/basketball' },
    ],
  },
  {
    key: 'live',
    href: '/anchor?type=0',
    children: [
      { key: 'football', href: '/anchor?type=1' },
      { key: 'basketball', href: '/anchor?type=2' },
      { key: 'adult', href: '/anchor?type=3' },
    ],
  },
  { key: 'schedule', href: '/schedule?type=0' },
  {
    // Nav group 4 of spec §2: the headlines and the community.
    key: 'news',
    href: '/news',
    children: [
      { key: 'news', href: '/news' },
      { key: 'circle', href: '/circle' },
    ],
  },
  {
    key: 'experts',
    href: '/specialist-home?type=0',
    newTab: true,
    children: [
      { key: 'football', href: '/specialist-home?type=0', newTab: true },
      { key: 'basketball', href: '/specialist-home?type=1', newTab: true },
    ],
  },
  { key: 'videos', href: '/video-list' },
  {
    key: 'databases',
    href: '/base-football',
    children: [
      { key: 'football', href: '/base-football' },
      { key: 'basketball', href: '/base-basketball' },
    ],
  },
  { key: 'foresight', href: '/foresight' },
  { key: 'download', href: '/downLoad' },
];

export const SIDE_MENU = [
  { key: 'schedule', href: '/schedule?type=0', icon: 'calendar' },
  { key: 'rank', href: '/rank', icon: 'trophy' },
  { key: 'attention', href: '/attention', icon: 'heart' },
  { key: 'reserve', href: '/reserve', icon: 'bell' },
  { key: 'all', href: '/anchor?type=0', icon: 'tv' },
  { key: 'football', href: '/anchor?type=1', icon: 'football' },
  { key: 'basketball', href: '/anchor?type=2', icon: 'basketball' },
  { key: 'adult', href: '/anchor?type=3', icon: 'adult' },
  { key: 'download', href: '/downLoad', icon: 'download' },
] as const;

export type SideMenuIcon = (typeof SIDE_MENU)[number]['icon'];

/** Pages whose top bar slides away after 60 px of scrolling (spec §2). */
export const HIDING_TOP_BAR_PATHS = ['/main', '/football', '/basketball'];
export const TOP_BAR_HIDE_SCROLL_PX = 60;
export const SIDEBAR_COOKIE = 'sidebar_collapsed';

export type LabelledNavItem = Omit<NavItem, 'children'> & {
  label: string;
  children?: (NavLink & { label: string })[];
};
