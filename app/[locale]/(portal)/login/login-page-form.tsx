'use client';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { LoginPanel } from '@/components/accounts/login-panel';
import { useRouter } from '@/lib/i18n/navigation';
import type { LoginMode } from '@/lib/store/atoms';

export function LoginPageForm({ target, initialMode = 'qr' }: { target?: string; initialMode?: LoginMode }) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const router = useRouter();
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
