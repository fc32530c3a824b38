// Full-size view of a post's images (Radix Dialog: focus trap, Escape, scroll lock), with the
// arrow keys and buttons stepping through them.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { DialogClose } from '@/components/ui/dialog-close';

export default function ImageLightbox({
  images,
  start,
  onClose,
}: {
  images: string[];
  start: number;
  onClose: () => void;
}) {
  const t = useTranslations('posts');
  const [index, setIndex] = useState(start);
  const step = (delta: number) => setIndex((current) => (current + delta + images.length) % images.length);
  const many = images.length > 1;
  return (
    <Dialog.Root defaultOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex items-center justify-center p-12 outline-none"
          onKeyDown={(event) => {
            if (event.key === 'ArrowLeft') step(-1);
            if (event.key === 'ArrowRight') step(1);
          }}
          data-testid="post-lightbox"
        >
          <Dialog.Title className="sr-only">{t('lightboxTitle')}</Dialog.Title>
          <Dialog.Description className="absolute top-4 left-1/2 -translate-x-1/2 text-sm text-white/80 tabular-nums">
            {t('imageCounter', { index: index + 1, total: images.length })}
          </Dialog.Description>
          <img
            src={images[index]}
            alt={t('imageAlt', { index: index + 1 })}
            className="max-h-full max-w-full rounded-md object-contain shadow-2xl"
          />
          {many ? (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                aria-label={t('previous')}
                className="absolute left-4 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
              >
                <ChevronLeft aria-hidden className="size-6" />
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                aria-label={t('next')}
                className="absolute right-4 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
              >
                <ChevronRight aria-hidden className="size-6" />
              </button>
            </>
          ) : null}
          <DialogClose
            label={t('close')}
            look="dark"
            className="top-4 right-4 size-10 bg-white/10 hover:bg-white/20"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
