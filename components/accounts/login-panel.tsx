// The login dialog's content (spec §4), also used by the /login page: QR first, then password
// login, registration and password reset. Switching modes clears the form.
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import type { LoginMode } from '@/lib/store/atoms';
import type { Notify } from './account-form';
import { QrLoginView } from './qr-login-view';

// The forms carry the captcha widget; QR mode comes first, so they load when asked for.
const AccountForm = dynamic(() => import('./account-form').then((module) => module.AccountForm), {
  ssr: false,
  loading: () => <div className="h-[300px] animate-pulse rounded-md bg-canvas" />,
});

const notify: Notify = (kind, message) => {
  import('sonner').then(({ toast }) => toast[kind](message));
};

export function LoginPanel({
  mode,
  onModeChange,
  onSignedIn,
  checkIcon,
  titleSlot,
}: {
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  onSignedIn: () => void;
  checkIcon: ReactNode;
  /** Wraps the title, e.g. in the dialog's accessible Title. */
  titleSlot?: (title: ReactNode) => ReactNode;
}) {
  const t = useTranslations('auth');
  const wrapTitle = titleSlot ?? ((title) => title);
  const tabs = mode === 'qr' || mode === 'code';
  return (
    <div className="flex flex-col gap-5">
      {tabs ? (
        <div className="flex gap-6 border-b border-line" role="tablist">
          {(['qr', 'code'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={mode === tab}
              onClick={() => onModeChange(tab)}
              className={`-mb-px border-b-2 pb-2.5 text-base font-semibold ${
                mode === tab
                  ? 'border-brand-500 text-ink-900'
                  : 'border-transparent text-ink-500 hover:text-ink-900'
              }`}
            >
              {mode === tab ? wrapTitle(t(`title_${tab}`)) : t(`title_${tab}`)}
            </button>
          ))}
        </div>
      ) : (
        <div className="text-lg font-semibold text-ink-900">{wrapTitle(t(`title_${mode}`))}</div>
      )}
      {mode === 'qr' ? (
        <QrLoginView onSignedIn={onSignedIn} checkIcon={checkIcon} />
      ) : (
        <AccountForm
          key={mode}
          mode={mode}
          onModeChange={onModeChange}
          onSignedIn={onSignedIn}
          notify={notify}
        />
      )}
      <p className="text-center text-xs text-ink-500">
        {t.rich('agreement', {
          agreement: (chunks) => (
            <Link
              href="/about-user?type=1"
              className="whitespace-nowrap text-ink-700 underline underline-offset-2 hover:text-brand-600"
              target="_blank"
            >
              {chunks}
            </Link>
          ),
          privacy: (chunks) => (
            <Link
              href="/about-user?type=0"
              className="whitespace-nowrap text-ink-700 underline underline-offset-2 hover:text-brand-600"
              target="_blank"
            >
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
