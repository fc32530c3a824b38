// /pay/sandbox?order=<no>: the built-in sandbox checkout (DESIGN §4). The buyer sees the order and
// confirms or cancels; the decision reaches the ledger as a signed notification, like a provider's.
import { CheckCircle2, FlaskConical, XCircle } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getFormatter, getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { Button } from '@/components/ui/button';
import { currentUser } from '@/lib/accounts/current-user';
import { NotFoundError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { orderOf } from '@/lib/wallet/recharge';
import { SandboxDecision } from './sandbox-decision';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ order?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'wallet.checkout' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

const MINOR_DIGITS: Record<string, number> = { CNY: 2, VND: 0 };

async function load(userId: number, orderNo?: string) {
  if (!orderNo || orderNo.length > 32) return null;
  try {
    return await orderOf(getDb(), userId, orderNo);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export default async function SandboxCheckoutPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, format, messages, viewer] = await Promise.all([
    getTranslations('wallet'),
    getFormatter(),
    getMessages(),
    currentUser(),
  ]);
  const order = viewer ? await load(viewer.id, (await searchParams).order) : null;

  return (
    <div className="mx-auto w-full max-w-[560px] px-6 py-12">
      <section
        aria-labelledby="checkout-title"
        className="rounded-xl border border-line bg-surface shadow-sm"
        data-testid="sandbox-checkout"
      >
        <header className="flex items-center gap-3 border-b border-line px-6 py-4">
          <FlaskConical aria-hidden className="size-6 text-brand-500" />
          <h1 id="checkout-title" className="text-lg font-semibold text-ink-900">
            {t('checkout.title')}
          </h1>
        </header>
        {!viewer ? (
          <div className="space-y-4 px-6 py-8 text-center">
            <p className="text-ink-700">{t('checkout.login')}</p>
            <LoginButton
              label={t('checkout.login')}
              className="h-10 rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600"
            />
          </div>
        ) : !order ? (
          <div className="space-y-4 px-6 py-8 text-center">
            <p className="text-ink-700">{t('checkout.notFound')}</p>
            <Button asChild variant="secondary">
              <Link href="/member?type=2">{t('checkout.back')}</Link>
            </Button>
          </div>
        ) : (
          <div className="space-y-5 px-6 py-6">
            <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">{t('checkout.intro')}</p>
            <dl className="grid grid-cols-[7rem_1fr] gap-y-3 text-sm">
              <dt className="text-ink-500">{t('checkout.order')}</dt>
              <dd className="font-mono text-ink-900" data-testid="checkout-order">
                {order.orderNo}
              </dd>
              <dt className="text-ink-500">{t('checkout.item')}</dt>
              <dd className="text-ink-900">{t('package', { diamonds: order.diamonds })}</dd>
              <dt className="text-ink-500">{t('checkout.amount')}</dt>
              <dd className="text-2xl font-semibold text-ink-900 tabular-nums">
                {format.number(order.priceMinor / 10 ** (MINOR_DIGITS[order.priceCurrency] ?? 2), {
                  style: 'currency',
                  currency: order.priceCurrency,
                })}
              </dd>
              <dt className="text-ink-500">{t('checkout.statusLabel')}</dt>
              <dd className="text-ink-900" data-testid="checkout-status">
                {t(`checkout.status.${order.status}`)}
              </dd>
            </dl>
            {order.status === 'pending' ? (
              <NextIntlClientProvider locale={locale} messages={{ wallet: messages.wallet }}>
                <SandboxDecision orderNo={order.orderNo} />
              </NextIntlClientProvider>
            ) : (
              <div className="flex items-center justify-between gap-4 rounded-lg border border-line px-4 py-3">
                <p className="flex items-center gap-2 text-sm font-medium" data-testid="checkout-result">
                  {order.status === 'paid' || order.status === 'paid_after_cancel' ? (
                    <>
                      <CheckCircle2 aria-hidden className="size-5 text-win" />
                      {t('checkout.paid', { diamonds: order.diamonds })}
                    </>
                  ) : (
                    <>
                      <XCircle aria-hidden className="size-5 text-ink-500" />
                      {t('checkout.cancelled')}
                    </>
                  )}
                </p>
                <Button asChild variant="secondary" size="sm">
                  <Link href="/member?type=2">{t('checkout.back')}</Link>
                </Button>
              </div>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
