// /login: the login dialog's flows as a full page (spec §2), for links and for browsers without script
// popups. A signed-in visitor goes straight on.
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { currentUser } from '@/lib/accounts/current-user';
import { sameSitePath } from '@/lib/http/same-site-path';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import { redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { LoginPageForm } from './login-page-form';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ redirect?: string }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'login', '/login');
}

export default async function LoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const target = sameSitePath((await searchParams).redirect, '/main');
  if (await currentUser()) redirect({ href: target, locale });
  const t = await getTranslations('auth');
  const tBrand = await getTranslations('brand');
  const name = await productName(locale);
  return (
    // At least the first screen, the card at a fixed distance from its top: a centred card moved whenever
    // something laid out late changed the height around or inside it (the footer; the card's own lower half
    // when a busy server streams the HTML in two parts), both layout shifts seen in the audit.
    <div className="flex min-h-[calc(100vh-var(--spacing-topbar))] flex-1 items-start justify-center bg-gradient-to-br from-night via-night-2 to-brand-700 px-6 py-12 layout:py-20">
      <div className="grid w-full max-w-[880px] overflow-hidden rounded-2xl bg-surface shadow-2xl layout:grid-cols-[1fr_420px]">
        <div className="hidden flex-col justify-between bg-night-2 p-10 text-white layout:flex">
          <div>
            <p className="text-2xl font-bold">{name}</p>
            <p className="mt-3 text-white/70">{tBrand('tagline')}</p>
          </div>
          <p className="text-sm leading-relaxed text-white/60">{t('pageIntro')}</p>
        </div>
        <div className="px-8 py-9">
          <h1 className="sr-only">{t('pageTitle')}</h1>
          <LoginPageForm target={target} />
        </div>
      </div>
    </div>
  );
}
