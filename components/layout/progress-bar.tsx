'use client';
// The navigation progress bar (spec §2): starts when an internal link is followed and finishes
// 0.5 s after the new page is in place. The bar and its click listener hydrate with the shell; only
// the query-string watcher sits in a Suspense boundary (useSearchParams needs one), so a link clicked
// as soon as the page is interactive already starts the bar.
import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useRef, useState } from 'react';

const FINISH_DELAY_MS = 500;

export function ProgressBar() {
  const pathname = usePathname();
  const [search, setSearch] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const trickle = useRef<ReturnType<typeof setInterval>>(undefined);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element).closest('a');
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      setProgress(8);
      clearInterval(trickle.current);
      trickle.current = setInterval(
        () => setProgress((p) => (p === null ? p : Math.min(90, p + (90 - p) * 0.1))),
        200,
      );
    };
    document.addEventListener('click', onClick, true);
    document.documentElement.dataset.progressReady = '';
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the route changes
  useEffect(() => {
    clearInterval(trickle.current);
    setProgress((p) => (p === null ? p : 100));
  }, [pathname, search]);

  // The finish delay counts from the moment 100 % is on screen: timed from the route change, a busy
  // main thread could render 100 % and its removal in one pass, so the bar never visibly finished.
  useEffect(() => {
    if (progress !== 100) return;
    const done = setTimeout(() => setProgress(null), FINISH_DELAY_MS);
    return () => clearTimeout(done);
  }, [progress]);

  return (
    <>
      <Suspense>
        <SearchWatcher onChange={setSearch} />
      </Suspense>
      {progress !== null && (
        <div
          role="progressbar"
          aria-valuenow={Math.round(progress)}
          aria-valuemin={0}
          aria-valuemax={100}
          className="fixed inset-x-0 top-0 z-50 h-[3px]"
        >
          <div
            className="h-full bg-brand-500 transition-[width] duration-200"
            style={{ width: `${progress}%` }}
          />
        </div>
      )}
    </>
  );
}

/** Reports the query string, so a link that changes only the query also finishes the bar. */
function SearchWatcher({ onChange }: { onChange: (search: string) => void }) {
  const search = useSearchParams().toString();
  useEffect(() => onChange(search), [search, onChange]);
  return null;
}
