// "Get code" (spec §4 sms button): needs a solved captcha (and whatever `precheck` asks, e.g. a
// number); after a successful send it counts down 60 s before it can be used again.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { SMS_RESEND_SECONDS } from '@/lib/accounts/rules';
import { useFormPost } from '@/lib/http/use-form-post';
import { harderCaptchaLevel } from './captcha-level';

export function SmsButton({
  send,
  precheck,
  captcha,
  harderCaptcha,
  notify,
}: {
  /** Asks the server for a code with a solved captcha payload. */
  send: (captcha: string) => Promise<unknown>;
  /** A warning to show instead of sending, e.g. when no number was typed yet. */
  precheck?: () => string | null;
  captcha: () => Promise<string | null>;
  /** A payload as hard as the server asks after repeated sends to the number (see `CAPTCHA_HARDER`). */
  harderCaptcha?: () => Promise<string | null>;
  notify: (kind: 'success' | 'warning', message: string) => void;
}) {
  const t = useTranslations('auth');
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  // A refusal: the shared client already showed the server's message.
  const sender = useFormPost<void, boolean>(
    async () => {
      const payload = await captcha();
      if (!payload) {
        notify('warning', t('captchaFirst'));
        return false;
      }
      await send(payload).catch(async (error: unknown) => {
        if (harderCaptchaLevel(error) === null || !harderCaptcha) throw error;
        const harder = await harderCaptcha();
        if (!harder) throw error;
        return send(harder);
      });
      return true;
    },
    {
      onSuccess: (sent) => {
        if (!sent) return;
        notify('success', t('codeSent'));
        setSecondsLeft(SMS_RESEND_SECONDS);
      },
    },
  );
  const sending = sender.isPending;
  const request = () => {
    const warning = precheck?.();
    if (warning) return notify('warning', warning);
    sender.mutate();
  };

  return (
    <button
      type="button"
      onClick={request}
      disabled={sending || secondsLeft > 0}
      className="h-11 w-32 shrink-0 rounded-md border border-brand-500 text-sm font-medium text-brand-600 hover:bg-brand-50 disabled:border-line disabled:text-ink-500 disabled:hover:bg-transparent"
    >
      {secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : t('sendCode')}
    </button>
  );
}
