import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { type ReactNode, Suspense } from 'react';
import { AfterLoad } from '@/components/layout/after-load';
import { ProgressBar } from '@/components/layout/progress-bar';
import { Providers } from '@/components/layout/providers';
import { TopBar } from '@/components/layout/top-bar';
import { currentUser } from '@/lib/accounts/current-user';
import { storedUserOf } from '@/lib/accounts/stored-user';
import { getConfig } from '@/lib/config';
import { productName } from '@/lib/i18n/metadata';
import { type Locale, routing } from '@/lib/i18n/routing';

/** Namespaces the client islands read; the rest of the catalog stays on the server. */
const CLIENT_NAMESPACES = ['common', 'popup', 'relogin', 'auth', 'goalPopup'] as const;

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const name = await productName(locale);
  const t = await getTranslations({ locale, namespace: 'brand' });
  return {
    metadataBase: await requestOrigin(),
    title: { template: `%s - ${name}`, default: name },
    description: t('tagline'),
    applicationName: name,
  };
}

/** The origin the browser asked for: canonical and hreflang links must be absolute URLs. */
async function requestOrigin(): Promise<URL | undefined> {
  const request = await headers();
  const host = request.get('x-forwarded-host') ?? request.get('host');
  try {
    return host ? new URL(`${request.get('x-forwarded-proto') ?? 'http'}://${host}`) : undefined;
  } catch {
    return undefined;
  }
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
  const mobileSiteUrl = config.MOBILE_REDIRECT ? config.MOBILE_SITE_URL : undefined;
  const user = await currentUser();

  return (
    <html lang={locale}>
      <body className="min-h-screen">
        <NextIntlClientProvider locale={locale} messages={clientMessages}>
          <Providers>
            <Suspense>
              <ProgressBar />
            </Suspense>
            <TopBar productName={name} user={user} />
            <main className="flex min-h-screen flex-col pt-topbar">{children}</main>
            <AfterLoad mobileSiteUrl={mobileSiteUrl} user={user && storedUserOf(user)} />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
