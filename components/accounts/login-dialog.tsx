// The login dialog (Radix), loaded only when first opened. A successful login reloads the page so
// every server-rendered part shows the signed-in user (spec §4 "the page then reloads").
import { Check } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { DialogClose } from '@/components/ui/dialog-close';
import type { LoginMode } from '@/lib/store/atoms';
import { LoginPanel } from './login-panel';

export default function LoginDialog({
  mode,
  onModeChange,
  onClose,
}: {
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  onClose: () => void;
}) {
  const t = useTranslations('auth');
  return (
    <Dialog.Root defaultOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/55" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[420px] max-w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-xl bg-surface px-5 pb-6 pt-7 shadow-2xl sm:px-8"
        >
          <LoginPanel
            mode={mode}
            onModeChange={onModeChange}
            onSignedIn={() => window.location.reload()}
            checkIcon={<Check className="size-7" aria-hidden />}
            titleSlot={(title) => (
              <Dialog.Title asChild>
                <span>{title}</span>
              </Dialog.Title>
            )}
          />
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
