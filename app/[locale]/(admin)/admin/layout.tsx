// The operator console's frame (issue 29): the side navigation of what the signed-in role may use, and the
// page. Only staff get this far: a guest meets the login prompt (../../unauthorized.tsx), a user or an
// anchor the 403 page (../../forbidden.tsx); each page then checks its own routes' roles (`adminPage`).
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AdminNav } from '@/components/admin/admin-nav';
import { navFor, staffUser } from '@/components/admin/guard';
import type { Locale } from '@/lib/i18n/routing';

// The console is nobody's business but the staff's.
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export default async function AdminLayout({ children, params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  const user = await staffUser();
  const messages = await getMessages();
  return (
    // The console's client islands get the console's texts (and the portal's common ones) only.
    <NextIntlClientProvider locale={locale} messages={{ admin: messages.admin, common: messages.common }}>
      <div className="flex min-h-[calc(100vh-var(--spacing-topbar))] flex-col bg-canvas layout:flex-row">
        <AdminNav entries={navFor(user)} />
        <div className="min-w-0 flex-1 px-4 py-5 layout:px-8 layout:py-6" data-testid="admin-main">
          {children}
        </div>
      </div>
    </NextIntlClientProvider>
  );
}
