// next-intl's locale-aware navigation: it adds the /en, /vi, /zh-TW prefixes where needed. Pages and
// components import from ./navigation, whose Link prefetches on intent (./link.tsx).
import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

export const { Link: BaseLink, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
