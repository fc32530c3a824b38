'use client';
// A filter of the scores page (competition, country or region): choosing one opens the filtered URL.
import { useRouter } from '@/lib/i18n/navigation';

export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  hrefs,
  testId,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: { code: string; name: string; count: number }[];
  /** Where each choice leads, keyed by code ('' for all). */
  hrefs: Record<string, string>;
  testId: string;
}) {
  const router = useRouter();
  return (
    <label className="flex max-w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-500">
      {label}
      <select
        data-testid={testId}
        value={value}
        onChange={(event) => router.push(hrefs[event.target.value] ?? hrefs['']!, { scroll: false })}
        className="h-8 max-w-full min-w-0 rounded-md sm:max-w-56 border border-line bg-surface px-2 text-sm text-ink-900 hover:border-brand-400"
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name} ({option.count})
          </option>
        ))}
      </select>
    </label>
  );
}
