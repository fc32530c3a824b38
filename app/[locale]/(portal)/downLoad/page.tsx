// /downLoad (spec §2): the phone apps — a QR code and a link per platform from the configuration
// (APP_IOS_URL, APP_ANDROID_URL) — and install tutorials in platform tabs. A platform without a
// configured link says so; no QR code is drawn for it.
import { Apple, Smartphone } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import QRCode from 'qrcode';
import { getConfig } from '@/lib/config';
import { screenMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { InstallTabs } from './install-tabs';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'download', '/downLoad');
}

const PLATFORMS = [
  { id: 'ios', icon: Apple, setting: 'APP_IOS_URL', steps: ['scan', 'iosOpen', 'iosTrust', 'login'] },
  {
    id: 'android',
    icon: Smartphone,
    setting: 'APP_ANDROID_URL',
    steps: ['scan', 'androidAllow', 'androidInstall', 'login'],
  },
] as const;

export default async function DownloadPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('download');
  const config = getConfig();
  const platforms = await Promise.all(
    PLATFORMS.map(async (platform) => {
      const url = config[platform.setting];
      const qr = url
        ? await QRCode.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' })
        : null;
      return { ...platform, url, qr, name: t(`platforms.${platform.id}`) };
    }),
  );
  return (
    <div className="mx-auto w-full max-w-[1100px] px-6 py-8">
      <section className="rounded-2xl bg-gradient-to-r from-night via-night-2 to-brand-700 px-8 py-7 text-white">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-white/75">{t('intro')}</p>
      </section>
      <ul className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2">
        {platforms.map((platform) => (
          <li
            key={platform.id}
            data-platform={platform.id}
            className="flex gap-5 rounded-xl border border-line bg-surface p-5"
          >
            {platform.qr ? (
              <img
                src={platform.qr}
                alt={t('qrAlt', { platform: platform.name })}
                width={160}
                height={160}
                className="size-40 shrink-0 rounded-lg border border-line"
              />
            ) : (
              <div className="flex size-40 shrink-0 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-line bg-canvas text-center">
                <platform.icon aria-hidden className="size-8 text-ink-300" strokeWidth={1.5} />
                <span className="px-3 text-xs text-ink-500">{t('noQr')}</span>
              </div>
            )}
            <div className="flex min-w-0 flex-1 flex-col">
              <h2 className="flex items-center gap-2 text-lg font-semibold text-ink-900">
                <platform.icon aria-hidden className="size-5 text-brand-500" />
                {platform.name}
              </h2>
              {platform.url ? (
                <>
                  <p className="mt-2 text-sm text-ink-700">{t('scanHint')}</p>
                  <a
                    href={platform.url}
                    rel="noopener"
                    className="mt-auto inline-flex h-10 w-fit items-center rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600"
                  >
                    {t('download', { platform: platform.name })}
                  </a>
                </>
              ) : (
                <>
                  <p className="mt-2 text-sm font-medium text-ink-900">
                    {t('notOffered', { platform: platform.name })}
                  </p>
                  <p className="mt-1 text-sm text-ink-500">{t('notOfferedHint')}</p>
                  <p className="mt-auto text-xs text-ink-500">
                    {t('operatorHint', { setting: platform.setting })}
                  </p>
                </>
              )}
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
          platforms={platforms.map((platform) => ({
            id: platform.id,
            name: platform.name,
            content: (
              <ol className="grid grid-cols-1 gap-3 md:grid-cols-2">
                {platform.steps.map((step, index) => (
                  <li key={step} className="flex gap-3 rounded-lg bg-canvas p-4">
                    <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-500 text-sm font-semibold text-white">
                      {index + 1}
                    </span>
                    <span>
                      <span className="block font-medium text-ink-900">{t(`steps.${step}.title`)}</span>
                      <span className="mt-1 block text-sm text-ink-700">{t(`steps.${step}.text`)}</span>
                    </span>
                  </li>
                ))}
              </ol>
            ),
          }))}
        />
      </section>
    </div>
  );
}
