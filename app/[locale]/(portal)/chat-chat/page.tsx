// /chat-chat, the messaging page (spec §2, nav group 12): private and group chats, contacts and the
// message centre (`?tab=notices`) for the signed-in reader; guests are asked to sign in.
import { MessageCircle } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { currentUser } from '@/lib/accounts/current-user';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';
import { ChatPage } from './chat-page';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ tab?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'im' });
  return {
    title: t('title'),
    description: t('description'),
    // A private page: nothing here is for search engines.
    robots: { index: false, follow: false },
    alternates: { languages: Object.fromEntries(LOCALES.map((l) => [l, localizedPath(l, '/chat-chat')])) },
  };
}

export default async function ChatChatPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [user, t, tAuth, messages, { tab }] = await Promise.all([
    currentUser(),
    getTranslations('im'),
    getTranslations('auth'),
    getMessages(),
    searchParams,
  ]);
  if (!user) {
    return (
      <div className="mx-auto flex w-full max-w-[560px] flex-1 items-center px-6 py-16">
        <div className="w-full rounded-xl border border-line bg-surface px-10 py-12 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <MessageCircle aria-hidden className="size-7" strokeWidth={1.8} />
          </span>
          <h1 className="mt-4 text-xl font-semibold text-ink-900">{t('title')}</h1>
          <p className="mt-2 text-sm text-ink-500">{t('signIn')}</p>
          <LoginButton
            className="mt-6 inline-flex h-10 items-center gap-2 rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600"
            label={tAuth('loginOrRegister')}
          />
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-[1280px] flex-1 flex-col px-6 py-5">
      <h1 className="mb-3 text-lg font-semibold text-ink-900">{t('title')}</h1>
      <div className="flex h-[calc(100vh-var(--spacing-topbar)-6rem)] min-h-[560px] overflow-hidden rounded-xl border border-line bg-surface">
        <NextIntlClientProvider messages={{ im: messages.im, moderation: messages.moderation }}>
          <ChatPage
            key={tab ?? 'chats'}
            meId={user.id}
            tab={tab === 'notices' || tab === 'contacts' ? tab : 'chats'}
          />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
