import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AfterLoad } from '@/components/layout/after-load';
import { ProgressBar } from '@/components/layout/progress-bar';
import { Providers } from '@/components/layout/providers';
import { TopBar } from '@/components/layout/top-bar';
import { ZoneScript } from '@/components/layout/zone-script';
import { currentUser } from '@/lib/accounts/current-user';
import { storedUserOf } from '@/lib/accounts/stored-user';
import { getConfig } from '@/lib/config';
import { productName, siteOrigin } from '@/lib/i18n/metadata';
import { type Locale, routing } from '@/lib/i18n/routing';
import { effectiveSettings } from '@/lib/system/settings';
import { viewerTimes } from '@/lib/time/viewer-zone';

/** Namespaces the client islands read; the rest of the catalog stays on the server. */
const CLIENT_NAMESPACES = ['common', 'popup', 'relogin', 'auth', 'goalPopup', 'horn'] as const;

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const name = await productName(locale);
  const t = await getTranslations({ locale, namespace: 'brand' });
  // Relative canonical, hreflang and image URLs of every page become absolute against the public origin.
  return {
    metadataBase: new URL(siteOrigin()),
    title: { template: `%s - ${name}`, default: name },
    description: t('tagline'),
    applicationName: name,
    manifest: '/manifest.webmanifest',
    openGraph: {
      type: 'website',
      siteName: name,
      locale: locale.replace('-', '_'),
      description: t('tagline'),
    },
    twitter: { card: 'summary', description: t('tagline') },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#12151d' };

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const messages = await getMessages();
  const clientMessages = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]]));
  const name = await productName(locale as Locale);
  const config = getConfig();
  const mobileSiteUrl = config.MOBILE_REDIRECT ? effectiveSettings().mobileSiteUrl : undefined;
  const [user, times] = await Promise.all([currentUser(), viewerTimes()]);

  return (
    <html lang={locale}>
      <head>
        <ZoneScript times={times} />
      </head>
      <body className="min-h-screen">
        <NextIntlClientProvider locale={locale} messages={clientMessages}>
          <Providers times={times}>
            <ProgressBar />
            <TopBar productName={name} user={user} />
            <main className="flex min-h-screen flex-col pt-topbar">{children}</main>
            <AfterLoad mobileSiteUrl={mobileSiteUrl} user={user && storedUserOf(user)} />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
