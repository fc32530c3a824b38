'use client';
// The chat's emoji picker: the 142 Twemoji of lib/chat/emoji.ts in a Radix popover grid.
import { Smile } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { EMOJI } from '@/lib/chat/emoji';

export function EmojiPicker({ onPick, disabled }: { onPick: (char: string) => void; disabled?: boolean }) {
  const t = useTranslations('chat');
  return (
    <Popover.Root>
      <Popover.Trigger
        disabled={disabled}
        aria-label={t('emoji')}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-ink-500 hover:bg-canvas hover:text-brand-500 disabled:opacity-40"
      >
        <Smile aria-hidden className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          className="z-50 w-[296px] rounded-xl border border-line bg-surface p-2 shadow-lg"
          data-testid="emoji-picker"
        >
          <div className="grid max-h-[220px] grid-cols-9 gap-0.5 overflow-y-auto">
            {EMOJI.map((emoji) => (
              <button
                key={emoji.code}
                type="button"
                onClick={() => onPick(emoji.char)}
                className="flex size-[30px] items-center justify-center rounded hover:bg-brand-50"
                aria-label={emoji.char}
              >
                <img src={emoji.src} alt="" width={22} height={22} loading="lazy" className="size-[22px]" />
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
