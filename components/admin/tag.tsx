// A small coloured tag in the console's tables: a state (shown / hidden, sent / failed, an order's
// status) or a role. `look` is the tone's background and text colour.
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The tones most tags use: on (shown, sent, active) and off. */
export const TAG_ON = 'bg-emerald-50 text-emerald-800';
export const TAG_OFF = 'bg-canvas text-ink-500';

export function Tag({ look, className, ...props }: ComponentProps<'span'> & { look: string }) {
  return (
    <span
      className={cn(
        'inline-flex h-5 items-center whitespace-nowrap rounded px-1.5 text-[11px] font-medium',
        look,
        className,
      )}
      {...props}
    />
  );
}
