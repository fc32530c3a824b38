'use client';
// "Get code" (spec §4 sms button): needs a number and a solved captcha; after a successful send it
// counts down 60 s before it can be used again.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { SMS_RESEND_SECONDS } from '@/lib/accounts/rules';
import { api } from '@/lib/http/client';

export function SmsButton({
  mobile,
  type,
  captcha,
  notify,
}: {
  /** `<code>-<number>`, or null when no number was typed yet. */
  mobile: string | null;
  /** 1 register, 2 everything else. */
  type: 1 | 2;
  captcha: () => Promise<string | null>;
  notify: (kind: 'success' | 'warning', message: string) => void;
}) {
  const t = useTranslations('auth');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    if (!mobile) return notify('warning', t('mobileFirst'));
    setSending(true);
    try {
      const payload = await captcha();
      if (!payload) return notify('warning', t('captchaFirst'));
      await api.post('api/user/getCode', { mobile, type, captcha: payload });
      notify('success', t('codeSent'));
      setSecondsLeft(SMS_RESEND_SECONDS);
    } catch {
      // The shared client already showed the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      onClick={send}
      disabled={sending || secondsLeft > 0}
      className="h-11 w-32 shrink-0 rounded-md border border-brand-500 text-sm font-medium text-brand-600 hover:bg-brand-50 disabled:border-line disabled:text-ink-500 disabled:hover:bg-transparent"
    >
      {secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : t('sendCode')}
    </button>
  );
}
