import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import type { Popup } from '@/lib/system/queries';

export default function PopupDialog({ popup, onDismiss }: { popup: Popup; onDismiss: () => void }) {
  const t = useTranslations('popup');
  return (
    <Dialog.Root defaultOpen onOpenChange={(open) => !open && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-surface shadow-2xl">
          {popup.image ? (
            <img src={popup.image} alt="" className="aspect-[16/9] w-full object-cover" />
          ) : null}
          <div className="space-y-3 p-5">
            <Dialog.Title className="pr-6 text-lg font-semibold">{popup.title}</Dialog.Title>
            <Dialog.Description className="whitespace-pre-line text-sm text-ink-700">
              {popup.content}
            </Dialog.Description>
            {popup.url ? (
              <Button asChild className="w-full">
                <a href={popup.url} onClick={onDismiss}>
                  {t('open')}
                </a>
              </Button>
            ) : null}
          </div>
          <DialogClose label={t('close')} look="dark" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
