// The ALTCHA widget (spec §5 human verification) in the page's language. Each login, registration or
// SMS send spends one solved challenge, so after every use the widget is reset with a fresh one.
import 'altcha';
import 'altcha/i18n/en';
import 'altcha/i18n/vi';
import 'altcha/i18n/zh-cn';
import 'altcha/i18n/zh-tw';
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useLocale } from 'next-intl';
import { type CSSProperties, useCallback, useEffect, useRef } from 'react';
import { api } from '@/lib/http/client';

const WIDGET_LANGUAGE: Record<string, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en', vi: 'vi' };

const widgetStyle = {
  '--altcha-max-width': '100%',
  '--altcha-border-radius': '6px',
  '--altcha-color-primary': 'var(--color-brand-500)',
  '--altcha-border-color': 'var(--color-line)',
} as CSSProperties;

export function useCaptcha() {
  const ref = useRef<AltchaWidgetElement>(null);
  const verified = useRef<string | null>(null);
  const locale = useLocale();

  // The challenge being fetched: a solve must wait for it, or it would re-solve the spent one.
  const loading = useRef<Promise<void>>(Promise.resolve());
  const loadChallenge = useCallback(() => {
    loading.current = api
      .get<object>('api/captcha/challenge', undefined, { silent: true })
      .then((challenge) => ref.current?.configure({ challenge: challenge as never }))
      .catch(() => {});
    return loading.current;
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onVerified = (event: Event) => {
      verified.current = (event as CustomEvent<{ payload: string }>).detail.payload;
    };
    widget.addEventListener('verified', onVerified);
    void loadChallenge();
    return () => widget.removeEventListener('verified', onVerified);
  }, [loadChallenge]);

  /** A solved payload: the one the user already earned, or solved now. Null when it could not be. */
  const payload = useCallback(async () => {
    const widget = ref.current;
    if (!widget) return null;
    let result = widget.getState() === 'verified' ? verified.current : null;
    if (!result) {
      await loading.current;
      result = (await widget.verify())?.payload ?? null;
    }
    verified.current = null;
    widget.reset();
    void loadChallenge();
    return result;
  }, [loadChallenge]);

  /**
   * A payload solved on a challenge as hard as the server asks of this account: after failed sign-ins
   * (`login`) or repeated SMS sends (`sms`) each level doubles the work.
   */
  const payloadFor = useCallback(
    async (mobile: string, purpose: 'login' | 'sms') => {
      const widget = ref.current;
      if (!widget) return null;
      await loading.current;
      const challenge = await api
        .get<object>('api/captcha/challenge', { mobile, for: purpose }, { silent: true })
        .catch(() => null);
      if (!challenge) return null;
      widget.reset();
      widget.configure({ challenge: challenge as never });
      const result = (await widget.verify())?.payload ?? null;
      verified.current = null;
      widget.reset();
      void loadChallenge();
      return result;
    },
    [loadChallenge],
  );

  const widget = (
    <altcha-widget
      ref={ref}
      auto="off"
      type="checkbox"
      language={WIDGET_LANGUAGE[locale] ?? 'en'}
      style={widgetStyle}
      suppressHydrationWarning
    />
  );
  return { widget, payload, payloadFor };
}
