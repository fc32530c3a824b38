// Locale-aware Link, redirect and router: they add the /en, /vi, /zh-TW prefixes where needed. The Link
// prefetches on intent, not on sight (./link.tsx).
export { getPathname, redirect, usePathname, useRouter } from './base-navigation';
export { Link } from './link';
