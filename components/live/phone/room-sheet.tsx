// One bottom sheet of the phone room (gifts, fan club, fun-guess): a Radix dialog at the bottom of the
// screen, above the keyboard-safe area, that never leaves the room.
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { DialogClose } from '@/components/ui/dialog-close';

export function RoomSheet({
  open,
  onOpenChange,
  title,
  closeLabel,
  testId,
  hideTitle = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  testId: string;
  /** The content has a heading of its own: the title is for screen readers. */
  hideTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid={testId}
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col overflow-hidden rounded-t-2xl bg-surface pb-[env(safe-area-inset-bottom)] shadow-2xl land:top-0 land:left-auto land:h-full land:max-h-none land:w-[min(420px,60vw)] land:rounded-none land:rounded-l-2xl"
        >
          <Dialog.Title
            className={
              hideTitle
                ? 'sr-only'
                : 'flex h-12 shrink-0 items-center px-4 pr-12 text-base font-semibold text-ink-900'
            }
          >
            {title}
          </Dialog.Title>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
          <DialogClose label={closeLabel} className="top-2" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
