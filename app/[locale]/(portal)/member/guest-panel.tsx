// What a guest sees at /member (spec §6: the user centre refuses with "please log in and retry"); the
// task centre also opens the login dialog at once (spec §8).
import { LogIn, UserRound } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { OpenLoginDialog } from '@/components/accounts/open-login-dialog';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

export async function GuestPanel({ askLogin = false }: { askLogin?: boolean }) {
  const t = await getTranslations('member.guest');
  return (
    // The first screen at least, the card at a fixed distance from its top: centred, it moved whenever
    // something was laid out late around or inside it (the footer's last row: a layout shift in the audit).
    <div className="mx-auto flex min-h-[calc(100vh-var(--spacing-topbar))] w-full max-w-[560px] items-start px-6 py-12 layout:py-20">
      <div className="w-full rounded-xl border border-line bg-surface px-10 py-12 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <UserRound aria-hidden className="size-7" strokeWidth={1.8} />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-ink-900">{t('title')}</h1>
        <p className="mt-2 text-sm text-ink-500">{t('hint')}</p>
        <Button asChild className="mt-6">
          <Link href="/login">
            <LogIn aria-hidden className="size-4" />
            {t('login')}
          </Link>
        </Button>
        {askLogin ? <OpenLoginDialog /> : null}
      </div>
    </div>
  );
}
