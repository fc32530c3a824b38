// The private-chat overlay (spec §2): conversations, the open thread and the composer in a dialog over
// any page; loaded on first open.
import { Maximize2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { DialogClose } from '@/components/ui/dialog-close';
import { Link } from '@/lib/i18n/navigation';
import { ImPanel } from './im-panel';

export default function ImOverlay({
  meId,
  peerId,
  onClose,
}: {
  meId: number;
  peerId?: number | undefined;
  onClose: () => void;
}) {
  const t = useTranslations('im');
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="im-overlay"
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex h-[640px] max-h-[calc(100vh-2rem)] w-[880px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl bg-surface shadow-2xl"
        >
          <div className="flex h-12 shrink-0 items-center gap-3 border-b border-line pl-4 pr-14">
            <Dialog.Title className="font-semibold text-ink-900">{t('entry')}</Dialog.Title>
            <Link
              href="/chat-chat"
              onClick={onClose}
              className="ml-auto inline-flex items-center gap-1 text-xs text-ink-500 hover:text-brand-600"
            >
              <Maximize2 aria-hidden className="size-3.5" />
              {t('openPage')}
            </Link>
          </div>
          <ImPanel meId={meId} initialPeerId={peerId} className="min-h-0 flex-1" />
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
