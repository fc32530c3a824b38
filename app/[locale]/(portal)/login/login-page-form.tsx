'use client';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoginPanel } from '@/components/accounts/login-panel';
import { useRouter } from '@/lib/i18n/navigation';
import { firstLoginMode, type LoginMode } from '@/lib/store/atoms';

export function LoginPageForm({ target, initialMode = 'qr' }: { target?: string; initialMode?: LoginMode }) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const router = useRouter();
  // The server renders the QR tab; a touch screen starts at the password form (it cannot scan itself).
  useEffect(() => {
    if (initialMode === 'qr') setMode(firstLoginMode());
  }, [initialMode]);
  return (
    <LoginPanel
      mode={mode}
      onModeChange={setMode}
      checkIcon={<Check className="size-7" aria-hidden />}
      onSignedIn={() => {
        if (target) router.replace(target);
        router.refresh();
      }}
    />
  );
}
