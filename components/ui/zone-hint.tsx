'use client';
// The zone a list's or page's times are in, said once at its head: 北京时间 UTC+8 · Times in New York
// (UTC−5). Until the zone is known (a first visit's server render) it keeps its place, empty. Beside
// other things in a narrow row it wraps between its words rather than push the page wider.
import { Globe } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTimeFormat } from './time-view';

export function ZoneHint({ at, className }: { at?: Date | string; className?: string }) {
  const format = useTimeFormat();
  return (
    <span
      data-testid="zone-hint"
      className={cn('inline-flex max-w-full items-center gap-1 text-xs text-ink-500', className)}
    >
      <Globe aria-hidden className="size-3.5 shrink-0" />
      {/* Whole words on one line where there is room; between words where there is not (a long
          Vietnamese zone name beside a title at 320 px). */}
      <span className={cn('min-w-0', !format.known && 'invisible')} aria-hidden={!format.known || undefined}>
        {format.known ? format.hint(at) : format.hint(at).replace(/\S/g, '\u2012')}
      </span>
    </span>
  );
}
