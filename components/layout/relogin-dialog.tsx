import { useTranslations } from 'next-intl';
import { AlertDialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { resetForLoginNeeded } from '@/lib/http/client';

export default function ReloginDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('relogin');
  const relogin = () => {
    document.cookie = 'token=; path=/; max-age=0';
    resetForLoginNeeded();
    window.location.reload();
  };
  return (
    <AlertDialog.Root defaultOpen onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[380px] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">{t('title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink-700">{t('body')}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={relogin}>{t('confirm')}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
