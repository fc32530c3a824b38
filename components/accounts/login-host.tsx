// Opens the login dialog when something asks for it: the top bar's entry, a code-700 answer (spec §8
// login-needed flag), or an invite link `/main?code=X` 0.5 s after arrival (spec §2; the code is stored
// and sent with registration). It ships with the page, not in the after-load chunk: the 0.5 s count
// from arrival — the page's time origin, the navigation to /register that redirects here — so the time
// the page took to load and hydrate is part of them (a page ready later than 0.5 s opens the dialog at
// once), and the dialog's code is fetched meanwhile (from the moment this module runs). The instant the
// page was ready and the instant it opened the dialog are kept on `<html data-invite-ready-at
// data-invite-opened-at>` (performance.now() ms since arrival), for tests.
import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { storeInviteCode } from '@/lib/accounts/browser-storage';
import { firstLoginMode, loginDialogAtom, loginNeededAtom } from '@/lib/store/atoms';

const loadDialog = () => import('./login-dialog');
const LoginDialog = dynamic(loadDialog, { ssr: false });
const loadInviteCode = () => Promise.all([loadDialog(), import('./account-form')]);
// An invite link: the dialog's code is fetched as soon as the page's bundle runs, before hydration.
const inviteCode =
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('code')
    ? loadInviteCode()
    : null;

/** Spec §2: after arrival on `/register?code=X` (the redirect to /main included), counted from the page's time origin. */
export const INVITE_DIALOG_DELAY_MS = 500;
/** `<html>` data attribute: performance.now() (ms since arrival) when the page was ready and the invite dialog scheduled. */
export const INVITE_READY_ATTRIBUTE = 'data-invite-ready-at';
/** `<html>` data attribute: performance.now() when the invite dialog was opened. */
export const INVITE_OPENED_ATTRIBUTE = 'data-invite-opened-at';

export function LoginHost({ signedIn }: { signedIn: boolean }) {
  const [mode, setMode] = useAtom(loginDialogAtom);
  const [needed, setNeeded] = useAtom(loginNeededAtom);

  // A 700 answer means this browser's session is gone, whatever the page was rendered with.
  useEffect(() => {
    if (needed) setMode((current) => current ?? firstLoginMode());
  }, [needed, setMode]);

  useEffect(() => {
    const invite = new URLSearchParams(window.location.search).get('code');
    if (!invite) return;
    storeInviteCode(invite);
    if (signedIn) return;
    // An invite is for someone new: open straight at registration 0.5 s after arrival (performance.now()
    // counts from it), with the dialog's code fetched meanwhile (and waited for, should it still be on
    // its way).
    const readyAt = performance.now();
    document.documentElement.setAttribute(INVITE_READY_ATTRIBUTE, String(readyAt));
    const code = inviteCode ?? loadInviteCode();
    let cancelled = false;
    const timer = setTimeout(
      () => {
        void code.then(() => {
          if (cancelled) return;
          document.documentElement.setAttribute(INVITE_OPENED_ATTRIBUTE, String(performance.now()));
          setMode('register');
        });
      },
      Math.max(0, INVITE_DIALOG_DELAY_MS - readyAt),
    );
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
