// /qr-login?code=: opened by a phone that scanned the desktop's login QR (spec §4). A signed-in phone
// confirms or declines; a phone that is not signed in logs in here first.
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { avatarOf } from '@/lib/accounts/avatars';
import { currentUser } from '@/lib/accounts/current-user';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { LoginPageForm } from '../login/login-page-form';
import { QrConfirm } from './qr-confirm';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ code?: string }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'qrLogin', '/qr-login');
}

export default async function QrLoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { code } = await searchParams;
  const t = await getTranslations('qrLogin');
  const user = await currentUser();
  const name = await productName(locale);

  let content: React.ReactNode;
  if (!code) {
    content = <p className="text-center text-sm text-ink-700">{t('missingCode')}</p>;
  } else if (!user) {
    content = (
      <>
        <p className="mb-5 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">{t('needLogin')}</p>
        <LoginPageForm initialMode="code" />
      </>
    );
  } else {
    content = (
      <QrConfirm
        code={code}
        avatar={avatarOf(user)}
        texts={{
          title: t('title'),
          body: t('confirmBody', { product: name, nickname: user.nickname }),
          safety: t('safety'),
          confirm: t('confirm'),
          cancel: t('cancel'),
          confirmed: t('confirmed'),
          cancelled: t('cancelled'),
          checking: t('checking'),
        }}
      />
    );
  }
  return (
    <div className="flex flex-1 justify-center px-4 py-8">
      <div className="w-full max-w-sm rounded-2xl bg-surface p-6 shadow-sm ring-1 ring-line">{content}</div>
    </div>
  );
}
