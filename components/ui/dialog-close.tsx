// The ✕ in a dialog's top-right corner: one look for every Radix dialog, with a variant for dialogs
// over dark media (pop-up images, the image viewer).
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { cn } from '@/lib/cn';

const LOOKS = {
  light: 'top-3 right-3 size-8 text-ink-500 hover:bg-canvas hover:text-ink-900',
  dark: 'top-3 right-3 size-8 bg-black/40 text-white hover:bg-black/60',
} as const;

export function DialogClose({
  label,
  look = 'light',
  className,
}: {
  label: string;
  look?: keyof typeof LOOKS;
  className?: string;
}) {
  return (
    <Dialog.Close
      aria-label={label}
      className={cn('absolute grid place-items-center rounded-full', LOOKS[look], className)}
    >
      <X aria-hidden className="size-4" />
    </Dialog.Close>
  );
}
