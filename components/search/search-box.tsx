'use client';
// The search box (spec §2, §5, §9): it takes at most 10 characters (typed, pasted or composed); a
// longer query that arrives another way (a /search address) is refused with a message;
// Enter opens /search?name= (in a new tab from the top bar). It is a plain form, so it works before
// any script; the panel with the history and the hot searches loads on first focus.
import { Search } from 'lucide-react';
import dynamic from 'next/dynamic';
import { type FormEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { SEARCH_MAX_CHARS } from '@/lib/search/limits';
import { rememberSearch } from './history';
import type { SearchBoxTexts } from './search-box-texts';

/** The first SEARCH_MAX_CHARS characters (code points) of a value. */
const clip = (text: string) => Array.from(text).slice(0, SEARCH_MAX_CHARS).join('');
/** Whether an edit made the value longer than the limit (an overlong value from the address may shrink). */
const exceeds = (next: string, previous: string) =>
  Array.from(next).length > Math.max(SEARCH_MAX_CHARS, Array.from(previous).length);

const loadPanel = () => import('./search-panel');
const SearchPanel = dynamic(loadPanel, { ssr: false });

export function SearchBox({
  action,
  texts,
  newTab,
  defaultValue = '',
  variant = 'bar',
}: {
  /** The localized /search path. */
  action: string;
  texts: SearchBoxTexts;
  newTab: boolean;
  defaultValue?: string;
  variant?: 'bar' | 'page';
}) {
  const [value, setValue] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const tooLong = Array.from(value.trim()).length > SEARCH_MAX_CHARS;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const query = value.trim();
    if (!query || tooLong) {
      event.preventDefault();
      input.current?.focus();
      return;
    }
    rememberSearch(query);
    setOpen(false);
    import('@/lib/http/client').then(({ api }) =>
      api.post('api/Search/record', { name: query }, { silent: true }).catch(() => {}),
    );
  }

  function choose(query: string) {
    setValue(query);
    // The input's value must be the chosen one before the form is read.
    if (input.current) input.current.value = query;
    form.current?.requestSubmit();
  }

  const bar = variant === 'bar';
  return (
    <search className={cn('relative block', bar ? 'w-44 shrink-0 2xl:w-56' : 'w-full max-w-xl')}>
      <form
        ref={form}
        action={action}
        target={newTab ? '_blank' : undefined}
        onSubmit={onSubmit}
        className={cn(
          'flex items-center rounded-full ring-1 transition-colors',
          bar
            ? 'h-8 bg-white/10 ring-white/15 focus-within:bg-white/15 focus-within:ring-white/40'
            : 'h-11 bg-surface ring-line focus-within:ring-brand-400',
          tooLong && 'ring-red-500 focus-within:ring-red-500',
        )}
      >
        <input
          ref={input}
          type="search"
          name="name"
          value={value}
          autoComplete="off"
          aria-label={texts.label}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? errorId : undefined}
          placeholder={texts.prompt}
          maxLength={SEARCH_MAX_CHARS}
          onChange={(event) => {
            // maxLength counts UTF-16 units; characters outside the BMP are clipped here too. Text
            // being composed (pinyin) is left alone until it is committed.
            const next = event.target.value;
            setValue(
              (event.nativeEvent as InputEvent).isComposing || !exceeds(next, value) ? next : clip(next),
            );
          }}
          onCompositionEnd={(event) => setValue(clip(event.currentTarget.value))}
          onFocus={() => setOpen(true)}
          onPointerEnter={loadPanel}
          onBlur={(event) => {
            if (!event.currentTarget.form?.parentElement?.contains(event.relatedTarget)) setOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          className={cn(
            'min-w-0 flex-1 bg-transparent pl-3.5 outline-none focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden',
            bar
              ? 'text-sm text-white placeholder:text-white/50'
              : 'text-base text-ink-900 placeholder:text-ink-500',
          )}
        />
        <button
          type="submit"
          aria-label={texts.submit}
          className={cn(
            'flex h-full items-center rounded-full px-2.5',
            bar ? 'text-white/70 hover:text-white' : 'bg-brand-500 px-5 text-white hover:bg-brand-600',
          )}
        >
          <Search aria-hidden className="size-4" />
        </button>
      </form>
      {tooLong ? (
        <p
          id={errorId}
          role="alert"
          className="absolute left-0 top-full z-50 mt-1 whitespace-nowrap rounded-md bg-red-600 px-2.5 py-1 text-xs text-white shadow"
        >
          {texts.tooLong}
        </p>
      ) : open ? (
        <SearchPanel texts={texts} onChoose={choose} />
      ) : null}
    </search>
  );
}
