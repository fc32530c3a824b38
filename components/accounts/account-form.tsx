// The three form modes of the login dialog (spec §4): `code` (password login), `register` and
// `forgot`, with the spec's fields and the §5 checks before anything is sent.
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { FIELD_CLASS } from '@/components/ui/field-styles';
import {
  rememberAccount,
  rememberedAccount,
  storedInviteCode,
  storeSignedInUser,
} from '@/lib/accounts/browser-storage';
import { PASSWORD_MIN_LENGTH, SMS_CODE_LENGTH } from '@/lib/accounts/rules';
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import type { LoginMode, StoredUser } from '@/lib/store/atoms';
import { useSystemConfig } from '@/lib/system/queries';
import { useCaptcha } from './captcha';
import { harderCaptchaLevel } from './captcha-level';
import { formatMobile, MobileField, type MobileValue, parseMobile } from './mobile-field';
import { SmsButton } from './sms-button';

type FormMode = Exclude<LoginMode, 'qr'>;
type LoginReply = StoredUser & { token: string };

export type Notify = (kind: 'success' | 'warning', message: string) => void;

export function AccountForm({
  mode,
  onModeChange,
  onSignedIn,
  notify,
}: {
  mode: FormMode;
  onModeChange: (mode: LoginMode) => void;
  onSignedIn: () => void;
  notify: Notify;
}) {
  const t = useTranslations('auth');
  const captcha = useCaptcha();
  const [mobile, setMobile] = useState<MobileValue>(() =>
    parseMobile(mode === 'code' ? rememberedAccount() : ''),
  );
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invite, setInvite] = useState(() => (mode === 'register' ? storedInviteCode() : ''));
  // Who may register now (the operator's setting; the server refuses the same way whatever this says).
  const registration = useSystemConfig().data?.registration ?? 'open';

  const needsCode = mode !== 'code';
  const complete = mobile.number && password && (!needsCode || code);

  // Spec §8: a failed login, registration or reset only logs; the shared client showed the message.
  const sender = useFormPost<void>(
    async () => {
      const proof = await captcha.payload();
      if (!proof) return notify('warning', t('captchaFirst'));
      const fullMobile = formatMobile(mobile);
      if (mode === 'code') {
        const attempt = (captcha: string) =>
          api.post<LoginReply>('api/user/login', {
            mobile: fullMobile,
            password,
            device_type: 'pc',
            captcha,
          });
        // After failed sign-ins on this account the server asks for more work: solve that once and retry.
        const { token: _token, ...user } = await attempt(proof).catch(async (error: unknown) => {
          if (harderCaptchaLevel(error) === null) throw error;
          const harder = await captcha.payloadFor(fullMobile, 'login');
          if (!harder) throw error;
          return attempt(harder);
        });
        storeSignedInUser(user);
        rememberAccount(fullMobile);
        onSignedIn();
      } else if (mode === 'register') {
        await api.post('api/user/registered', {
          mobile: fullMobile,
          code,
          password,
          invite: invite.trim() || undefined,
          platform: 'pc',
          captcha: proof,
        });
        rememberAccount(fullMobile);
        notify('success', t('registered'));
        onModeChange('code');
      } else {
        const reply = await api.post<{ message: string }>('api/user/forgotPassword', {
          mobile: fullMobile,
          code,
          password,
          captcha: proof,
        });
        rememberAccount(fullMobile);
        notify('success', reply.message);
        onModeChange('code');
      }
    },
    { onError: (error) => console.error(error) },
  );
  const busy = sender.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return notify('warning', t('incomplete'));
    // Spec §5: at least 6, checked here before anything is sent (like the mobile and code lengths).
    if (password.length < PASSWORD_MIN_LENGTH)
      return notify('warning', t('passwordTooShort', { min: PASSWORD_MIN_LENGTH }));
    if (mode === 'register' && registration === 'invite' && !invite.trim())
      return notify('warning', t('inviteRequired'));
    sender.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <MobileField value={mobile} onChange={setMobile} />
      {needsCode && (
        <div className="flex gap-2">
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label={t('code')}
            placeholder={t('codePrompt')}
            maxLength={SMS_CODE_LENGTH}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            className={`${FIELD_CLASS} h-11`}
          />
          <SmsButton
            precheck={() => (mobile.number ? null : t('mobileFirst'))}
            send={(proof) =>
              api.post('api/user/getCode', {
                mobile: formatMobile(mobile),
                type: mode === 'register' ? 1 : 2,
                captcha: proof,
              })
            }
            captcha={captcha.payload}
            harderCaptcha={() => captcha.payloadFor(formatMobile(mobile), 'sms')}
            notify={notify}
          />
        </div>
      )}
      <input
        type="password"
        name="password"
        autoComplete={mode === 'code' ? 'current-password' : 'new-password'}
        aria-label={t('password')}
        placeholder={mode === 'code' ? t('passwordPrompt') : t('newPasswordPrompt')}
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        className={`${FIELD_CLASS} h-11`}
      />
      {mode === 'register' && (
        <input
          name="invite"
          aria-label={t('invite')}
          placeholder={registration === 'invite' ? t('inviteRequiredPrompt') : t('invitePrompt')}
          maxLength={8}
          value={invite}
          onChange={(event) => setInvite(event.target.value.replace(/[^A-Za-z0-9]/g, ''))}
          className={`${FIELD_CLASS} h-11`}
        />
      )}
      {mode === 'register' && registration !== 'open' ? (
        <p role="status" className="text-sm text-ink-700" data-testid="registration-mode">
          {registration === 'invite' ? t('inviteRequired') : t('registrationClosed')}
        </p>
      ) : null}
      {captcha.widget}
      <button
        type="submit"
        disabled={busy}
        className="mt-1 h-11 rounded-md bg-brand-500 text-base font-medium text-white hover:bg-brand-600 disabled:bg-brand-200"
      >
        {t(`submit_${mode}`)}
      </button>
      <div className="flex items-center justify-between text-sm">
        {mode === 'code' ? (
          <>
            <button
              type="button"
              className="text-ink-500 hover:text-brand-600"
              onClick={() => onModeChange('forgot')}
            >
              {t('forgotLink')}
            </button>
            <button
              type="button"
              className="text-brand-600 hover:underline"
              onClick={() => onModeChange('register')}
            >
              {t('toRegister')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="text-brand-600 hover:underline"
            onClick={() => onModeChange('code')}
          >
            {mode === 'register' ? t('toLogin') : t('backToLogin')}
          </button>
        )}
      </div>
    </form>
  );
}
