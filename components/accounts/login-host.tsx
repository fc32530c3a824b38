'use client';
// Opens the login dialog when something asks for it: the top bar's entry, a code-700 answer (spec §8
// login-needed flag), or an invite link `/main?code=X` 0.5 s after arrival (spec §2; the code is stored
// and sent with registration). It ships with the page, not in the after-load chunk: the 0.5 s count
// from the instant the page is ready (hydrated: this effect runs), and the dialog's code is fetched
// meanwhile (from the moment this module runs). The ready instant and the instant it opens are kept on
// `<html data-invite-ready-at data-invite-opened-at>` (performance.now() ms), so a test measures the
// delay from the page's own ready instant, whatever the machine's load before it.
import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { storeInviteCode } from '@/lib/accounts/browser-storage';
import { loginDialogAtom, loginNeededAtom } from '@/lib/store/atoms';

const loadDialog = () => import('./login-dialog');
const LoginDialog = dynamic(loadDialog, { ssr: false });
const loadInviteCode = () => Promise.all([loadDialog(), import('./account-form')]);
// An invite link: the dialog's code is fetched as soon as the page's bundle runs, before hydration.
const inviteCode =
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('code')
    ? loadInviteCode()
    : null;

/** Spec §2: after arrival on `/register?code=X` (the redirect to /main included), once the page is ready. */
export const INVITE_DIALOG_DELAY_MS = 500;
/** `<html>` data attribute: performance.now() when the page was ready and the invite dialog scheduled. */
export const INVITE_READY_ATTRIBUTE = 'data-invite-ready-at';
/** `<html>` data attribute: performance.now() when the invite dialog was opened. */
export const INVITE_OPENED_ATTRIBUTE = 'data-invite-opened-at';

export function LoginHost({ signedIn }: { signedIn: boolean }) {
  const [mode, setMode] = useAtom(loginDialogAtom);
  const [needed, setNeeded] = useAtom(loginNeededAtom);

  // A 700 answer means this browser's session is gone, whatever the page was rendered with.
  useEffect(() => {
    if (needed) setMode((current) => current ?? 'qr');
  }, [needed, setMode]);

  useEffect(() => {
    const invite = new URLSearchParams(window.location.search).get('code');
    if (!invite) return;
    storeInviteCode(invite);
    if (signedIn) return;
    // An invite is for someone new: open straight at registration 0.5 s after the page is ready, with
    // the dialog's code fetched meanwhile (and waited for, should it still be on its way).
    document.documentElement.setAttribute(INVITE_READY_ATTRIBUTE, String(performance.now()));
    const code = inviteCode ?? loadInviteCode();
    let cancelled = false;
    const timer = setTimeout(() => {
      void code.then(() => {
        if (cancelled) return;
        document.documentElement.setAttribute(INVITE_OPENED_ATTRIBUTE, String(performance.now()));
        setMode('register');
      });
    }, INVITE_DIALOG_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [signedIn, setMode]);

  if (!mode) return null;
  return (
    <LoginDialog
      mode={mode}
      onModeChange={setMode}
      onClose={() => {
        setMode(null);
        setNeeded(false);
      }}
    />
  );
}
