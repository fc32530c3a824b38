'use client';
// Opens the login dialog when something asks for it: the top bar's entry, a code-700 answer (spec §8
// login-needed flag), or an invite link `/main?code=X` 0.5 s after arrival (spec §2; the code is stored
// and sent with registration). It ships with the page, not in the after-load chunk: an invite's 0.5 s
// count from the navigation's start, and the dialog's code is fetched meanwhile.
import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { storeInviteCode } from '@/lib/accounts/browser-storage';
import { loginDialogAtom, loginNeededAtom } from '@/lib/store/atoms';

const loadDialog = () => import('./login-dialog');
const LoginDialog = dynamic(loadDialog, { ssr: false });

/** Spec §2: after arrival on `/register?code=X` (the redirect to /main included). */
export const INVITE_DIALOG_DELAY_MS = 500;

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
    // An invite is for someone new: open straight at registration, 0.5 s after the navigation started
    // (performance.now() counts from it), with the dialog's code already here by then.
    void loadDialog();
    void import('./account-form');
    const timer = setTimeout(
      () => setMode('register'),
      Math.max(0, INVITE_DIALOG_DELAY_MS - performance.now()),
    );
    return () => clearTimeout(timer);
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
