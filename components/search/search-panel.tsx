// Under the search box: the reader's history (clearable) and today's ten hot searches.
import { useQuery } from '@tanstack/react-query';
import { Flame, History, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { clearHistory, readHistory } from './history';
import type { SearchBoxTexts } from './search-box-texts';

type HotItem = { short_name_zh: string; count: number };

const CHIP =
  'max-w-full truncate rounded-full bg-canvas px-3 py-1 text-sm text-ink-700 hover:bg-brand-50 hover:text-brand-600';

export default function SearchPanel({
  texts,
  onChoose,
}: {
  texts: SearchBoxTexts;
  onChoose: (query: string) => void;
}) {
  const [history, setHistory] = useState<string[]>([]);
  useEffect(() => setHistory(readHistory()), []);
  const hot = useQuery({
    queryKey: queryKeys.hotSearches,
    queryFn: () => api.get<HotItem[]>('api/Search/index', undefined, { silent: true }),
    staleTime: 60_000,
  });
  return (
    <div
      data-testid="search-panel"
      className="absolute right-0 top-full z-50 mt-2 w-80 rounded-xl bg-surface p-4 text-ink-900 shadow-xl ring-1 ring-line"
    >
      <div className="flex items-center justify-between">
        <h2 className="flex items-center gap-1.5 text-sm font-semibold">
          <History aria-hidden className="size-4 text-ink-500" />
          {texts.history}
        </h2>
        {history.length > 0 ? (
          <button
            type="button"
            className="flex items-center gap-1 text-xs text-ink-500 hover:text-brand-600"
            onClick={() => {
              clearHistory();
              setHistory([]);
            }}
          >
            <Trash2 aria-hidden className="size-3.5" />
            {texts.clearHistory}
          </button>
        ) : null}
      </div>
      {history.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="search-history">
          {history.map((item) => (
            <li key={item} className="max-w-full">
              <button type="button" className={CHIP} onClick={() => onChoose(item)}>
                {item}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-ink-500">{texts.noHistory}</p>
      )}
      <h2 className="mt-4 flex items-center gap-1.5 text-sm font-semibold">
        <Flame aria-hidden className="size-4 text-brand-500" />
        {texts.hot}
      </h2>
      {hot.data === undefined ? (
        <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2" aria-hidden>
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <div key={key} className="h-5 animate-pulse rounded bg-line" />
          ))}
        </div>
      ) : hot.data.length === 0 ? (
        <p className="mt-2 text-xs text-ink-500">{texts.noHot}</p>
      ) : (
        <ol className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1" data-testid="hot-searches">
          {hot.data.map((item, index) => (
            <li key={item.short_name_zh} className="min-w-0">
              <button
                type="button"
                className="flex w-full items-center gap-2 rounded px-1 py-0.5 text-left text-sm hover:bg-brand-50 hover:text-brand-600"
                onClick={() => onChoose(item.short_name_zh)}
              >
                <span
                  className={
                    index < 3
                      ? 'w-4 shrink-0 text-center font-bold text-brand-500'
                      : 'w-4 shrink-0 text-center text-ink-500'
                  }
                >
                  {index + 1}
                </span>
                <span className="truncate" title={item.short_name_zh}>
                  {item.short_name_zh}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
