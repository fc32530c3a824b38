// /downLoad (spec §2): how a visitor gets the portal on a phone. The phone apps when the install offers
// them (APP_IOS_URL, APP_ANDROID_URL: a QR code and a button each); always the web portal's own address
// with a QR code, and install tutorials per platform (the app's steps, or adding the site to the home
// screen when there is no app for that platform).
import { Apple, Globe, Smartphone } from 'lucide-react';
import { headers } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import QRCode from 'qrcode';
import { getConfig } from '@/lib/config';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import { type Locale, localizedPath } from '@/lib/i18n/routing';
import { effectiveSettings } from '@/lib/system/settings';
import { InstallTabs } from './install-tabs';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'download', '/downLoad');
}

const PLATFORMS = [
  {
    id: 'ios',
    icon: Apple,
    setting: 'APP_IOS_URL',
    appSteps: ['scan', 'iosOpen', 'iosTrust', 'login'],
    webSteps: ['iosSafari', 'iosShare', 'iosAdd', 'launch'],
  },
  {
    id: 'android',
    icon: Smartphone,
    setting: 'APP_ANDROID_URL',
    appSteps: ['scan', 'androidAllow', 'androidInstall', 'login'],
    webSteps: ['androidChrome', 'androidMenu', 'androidAdd', 'launch'],
  },
] as const;

const qrOf = (url: string) => QRCode.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' });

/**
 * The address a phone should open: the mobile site when the install has one (phones are sent there),
 * else the public origin, else the host this page was asked for.
 */
async function phoneAddress(locale: Locale) {
  const config = getConfig();
  const mobileSite = effectiveSettings().mobileSiteUrl;
  if (mobileSite) return mobileSite;
  const path = localizedPath(locale, '/main');
  if (config.SITE_URL) return `${new URL(config.SITE_URL).origin}${path}`;
  const request = await headers();
  const host = request.get('host') ?? `localhost:${config.PORT}`;
  const https = request.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
  return `${https ? 'https' : 'http'}://${host}${path}`;
}

export default async function DownloadPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, name, address] = await Promise.all([
    getTranslations('download'),
    productName(locale),
    phoneAddress(locale),
  ]);
  const config = getConfig();
  const platforms = PLATFORMS.map((platform) => ({
    ...platform,
    url: config[platform.setting],
    name: t(`platforms.${platform.id}`),
  }));
  const apps = await Promise.all(
    platforms.flatMap((platform) =>
      platform.url ? [qrOf(platform.url).then((qr) => ({ ...platform, url: platform.url!, qr }))] : [],
    ),
  );
  const webQr = await qrOf(address);
  return (
    <div className="mx-auto w-full max-w-[1100px] px-3 py-4 sm:px-6 sm:py-8">
      <section className="rounded-2xl bg-gradient-to-r from-night via-night-2 to-brand-700 px-5 py-5 text-white sm:px-8 sm:py-7">
        <h1 className="text-2xl font-bold">{t('title', { name })}</h1>
        <p className="mt-2 max-w-2xl text-sm text-white/75">
          {apps.length ? t('introWithApps', { name }) : t('intro', { name })}
        </p>
      </section>
      <ul className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2">
        <li
          data-testid="download-web"
          className="flex flex-col gap-5 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:p-5"
        >
          <img
            src={webQr}
            alt={t('web.qrAlt', { name })}
            width={160}
            height={160}
            className="size-40 shrink-0 rounded-lg border border-line"
          />
          <div className="flex min-w-0 flex-1 flex-col">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-ink-900">
              <Globe aria-hidden className="size-5 text-brand-500" />
              {t('web.title')}
            </h2>
            <p className="mt-2 text-sm text-ink-700">{t('web.hint')}</p>
            <a
              href={address}
              data-testid="download-web-address"
              className="mt-3 block truncate rounded-md bg-canvas px-3 py-2 font-mono text-sm text-brand-600 hover:underline"
              title={address}
            >
              {address}
            </a>
            <p className="mt-auto pt-3 text-xs text-ink-500">
              {apps.length ? t('web.alsoApp') : t('web.noApp')}
            </p>
          </div>
        </li>
        {apps.map((platform) => (
          <li
            key={platform.id}
            data-platform={platform.id}
            className="flex flex-col gap-5 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:p-5"
          >
            <img
              src={platform.qr}
              alt={t('qrAlt', { platform: platform.name })}
              width={160}
              height={160}
              className="size-40 shrink-0 rounded-lg border border-line"
            />
            <div className="flex min-w-0 flex-1 flex-col">
              <h2 className="flex items-center gap-2 text-lg font-semibold text-ink-900">
                <platform.icon aria-hidden className="size-5 text-brand-500" />
                {t('appTitle', { platform: platform.name })}
              </h2>
              <p className="mt-2 text-sm text-ink-700">{t('scanHint')}</p>
              <a
                href={platform.url}
                rel="noopener"
                className="mt-auto inline-flex h-10 w-fit items-center rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600"
              >
                {t('download', { platform: platform.name })}
              </a>
            </div>
          </li>
        ))}
      </ul>
      <section aria-labelledby="install-title" className="mt-6 rounded-xl border border-line bg-surface">
        <h2 id="install-title" className="px-5 pt-4 text-base font-semibold text-ink-900">
          {t('tutorial')}
        </h2>
        <InstallTabs
          label={t('tutorial')}
          platforms={platforms.map((platform) => {
            const steps = platform.url ? platform.appSteps : platform.webSteps;
            return {
              id: platform.id,
              name: platform.name,
              content: (
                <>
                  <p className="mb-3 text-sm text-ink-500">
                    {platform.url ? t('tutorialApp') : t('tutorialWeb', { name })}
                  </p>
                  <ol className="grid grid-cols-1 gap-3 md:grid-cols-2">
                    {steps.map((step, index) => (
                      <li key={step} className="flex gap-3 rounded-lg bg-canvas p-4">
                        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-500 text-sm font-semibold text-white">
                          {index + 1}
                        </span>
                        <span>
                          <span className="block font-medium text-ink-900">{t(`steps.${step}.title`)}</span>
                          <span className="mt-1 block text-sm text-ink-700">
                            {t(`steps.${step}.text`, { name })}
                          </span>
                        </span>
                      </li>
                    ))}
                  </ol>
                </>
              ),
            };
          })}
        />
      </section>
    </div>
  );
}
