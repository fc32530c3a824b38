// The console's refusals: 403 for a signed-in person without the role a page needs, and the login prompt
// for a guest (with the login dialog opened once the page is interactive).
import { LogIn, ShieldAlert, UserRound } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { OpenLoginDialog } from '@/components/accounts/open-login-dialog';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

export async function AccessPanel({ kind }: { kind: 'forbidden' | 'login' }) {
  const t = await getTranslations('admin.shell.access');
  const Icon = kind === 'forbidden' ? ShieldAlert : UserRound;
  return (
    <div className="mx-auto flex min-h-[calc(100vh-var(--spacing-topbar)-6rem)] w-full max-w-[560px] items-center px-6 py-12">
      <div
        className="w-full rounded-xl border border-line bg-surface px-8 py-10 text-center"
        data-testid={kind === 'forbidden' ? 'admin-forbidden' : 'admin-login'}
      >
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon aria-hidden className="size-6" strokeWidth={1.8} />
        </span>
        {kind === 'forbidden' ? <p className="mt-3 text-sm font-semibold text-ink-500">403</p> : null}
        <h1 className="mt-1 text-xl font-semibold text-ink-900">
          {t(kind === 'forbidden' ? 'forbiddenTitle' : 'loginTitle')}
        </h1>
        <p className="mt-2 text-sm text-ink-500">{t(kind === 'forbidden' ? 'forbiddenHint' : 'loginHint')}</p>
        {kind === 'forbidden' ? (
          <Button asChild variant="secondary" className="mt-6">
            <Link href="/main">{t('home')}</Link>
          </Button>
        ) : (
          <>
            <Button asChild className="mt-6">
              <Link href="/login">
                <LogIn aria-hidden className="size-4" />
                {t('login')}
              </Link>
            </Button>
            <OpenLoginDialog />
          </>
        )}
      </div>
    </div>
  );
}
