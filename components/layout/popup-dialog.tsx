'use client';
// Operator pop-ups (spec §7 pop-up list): shown one after another, each once per browser session.
import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePopups } from '@/lib/system/queries';

const SEEN_KEY = 'popupsSeen';

function seenIds(): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]');
  } catch {
    return [];
  }
}

export function PopupDialog() {
  const t = useTranslations('popup');
  const { data: popups } = usePopups();
  const [seen, setSeen] = useState<number[] | null>(null);
  useEffect(() => setSeen(seenIds()), []);

  const popup = seen ? popups?.find((item) => !seen.includes(item.id)) : undefined;
  const dismiss = () => {
    if (!popup || !seen) return;
    const next = [...seen, popup.id];
    sessionStorage.setItem(SEEN_KEY, JSON.stringify(next));
    setSeen(next);
  };

  return (
    <Dialog.Root open={!!popup} onOpenChange={(open) => !open && dismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-surface shadow-2xl">
          {popup?.image ? (
            <img src={popup.image} alt="" className="aspect-[16/9] w-full object-cover" />
          ) : null}
          <div className="space-y-3 p-5">
            <Dialog.Title className="text-lg font-semibold">{popup?.title}</Dialog.Title>
            <Dialog.Description className="whitespace-pre-line text-sm text-ink-700">
              {popup?.content}
            </Dialog.Description>
            {popup?.url ? (
              <Button asChild className="w-full">
                <a href={popup.url} onClick={dismiss}>
                  {t('open')}
                </a>
              </Button>
            ) : null}
          </div>
          <Dialog.Close
            aria-label={t('close')}
            className="absolute right-3 top-3 rounded-full bg-black/40 p-1 text-white hover:bg-black/60"
          >
            <X aria-hidden className="size-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
