// The level the server asked for when it refused a captcha as too easy (`CAPTCHA_HARDER`, after failed
// sign-ins or repeated SMS sends), or null for any other error. Kept apart from the widget so callers
// do not load it.
import { ApiError } from '@/lib/http/client';

export function harderCaptchaLevel(error: unknown) {
  if (!(error instanceof ApiError)) return null;
  const level = (error.data as { captcha_level?: unknown } | null)?.captcha_level;
  return typeof level === 'number' ? level : null;
}
