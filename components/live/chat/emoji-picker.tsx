// The chat's emoji picker: the 142 Twemoji of lib/chat/emoji.ts in a Radix popover grid. Used by
// the room chat and by private messages (components/im), each passing its own translated label.
import { Smile } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import { EMOJI } from '@/lib/chat/emoji';

/**
 * Puts a picked emoji at the field's caret (replacing a selection), keeps the draft within `max`
 * characters, and gives the field its focus and caret back after the render.
 */
export function insertAtCaret(
  field: HTMLInputElement | HTMLTextAreaElement | null,
  draft: string,
  char: string,
  max: number,
  setDraft: (next: string) => void,
) {
  const start = field?.selectionStart ?? draft.length;
  const end = field?.selectionEnd ?? draft.length;
  setDraft((draft.slice(0, start) + char + draft.slice(end)).slice(0, max));
  requestAnimationFrame(() => {
    field?.focus();
    field?.setSelectionRange(start + char.length, start + char.length);
  });
}

export function EmojiPicker({
  onPick,
  disabled,
  label,
}: {
  onPick: (char: string) => void;
  disabled?: boolean;
  label: string;
}) {
  // Closes on a pick (the caret goes back to the field): inside a dialog, an Escape meant for the picker
  // would otherwise close the dialog.
  const [open, setOpen] = useState(false);
  // After a pick the field keeps the focus (insertAtCaret gives it back), not the trigger.
  const picked = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        disabled={disabled}
        aria-label={label}
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
          onCloseAutoFocus={(event) => {
            if (picked.current) event.preventDefault();
            picked.current = false;
          }}
        >
          <div className="grid max-h-[220px] grid-cols-9 gap-0.5 overflow-y-auto">
            {EMOJI.map((emoji) => (
              <button
                key={emoji.code}
                type="button"
                onClick={() => {
                  picked.current = true;
                  setOpen(false);
                  onPick(emoji.char);
                }}
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
