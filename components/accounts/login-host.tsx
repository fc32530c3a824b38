'use client';
// Opens the login dialog when something asks for it: the top bar's entry, a code-700 answer (spec §8
// login-needed flag), or an invite link `/main?code=X` 0.5 s after landing (the code is stored and
// sent with registration).
import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { storeInviteCode } from '@/lib/accounts/browser-storage';
import { loginDialogAtom, loginNeededAtom } from '@/lib/store/atoms';

const LoginDialog = dynamic(() => import('./login-dialog'), { ssr: false });

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
    // An invite is for someone new: open straight at registration.
    const timer = setTimeout(() => setMode('register'), INVITE_DIALOG_DELAY_MS);
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
