// Locale-aware Link, redirect and router: they add the /en, /vi, /zh-TW prefixes where needed.
import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
