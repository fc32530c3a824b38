'use client';
// The filter bar of a console table: each filter is a URL parameter (lib/admin/table-query.ts), so a
// filtered view can be shared and reloaded. Text and date fields apply on Enter or when left, selects at
// once; any change goes back to the first page. Before hydration the form is a plain GET of its fields.
import { Search, X } from 'lucide-react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS } from '@/components/ui/field-styles';
import { cn } from '@/lib/cn';

export type FilterField =
  | { key: string; label: string; kind: 'text'; placeholder?: string; width?: string }
  | { key: string; label: string; kind: 'date'; width?: string }
  | {
      key: string;
      label: string;
      kind: 'select';
      options: readonly { value: string; label: string }[];
      width?: string;
    };

export function TableFilters({ fields }: { fields: readonly FilterField[] }) {
  const t = useTranslations('admin.shell.table');
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.key, params.get(field.key) ?? ''])),
  );

  const apply = (values: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const field of fields) {
      const value = values[field.key]?.trim();
      if (value) next.set(field.key, value);
      else next.delete(field.key);
    }
    next.delete('page');
    const search = next.toString();
    if (search === params.toString()) return;
    startTransition(() => router.replace(`${pathname}${search ? `?${search}` : ''}`, { scroll: false }));
  };
  const set = (key: string, value: string, now = false) => {
    const values = { ...draft, [key]: value };
    setDraft(values);
    if (now) apply(values);
  };
  const active = fields.some((field) => params.get(field.key));

  return (
    <form
      aria-label={t('filters')}
      aria-busy={pending}
      className="flex min-h-14 flex-1 flex-wrap items-end gap-2 px-3 py-2.5"
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      {fields.map((field) => (
        <div key={field.key} className={cn('flex flex-col gap-1', field.width ?? 'w-40')}>
          <label htmlFor={`${id}-${field.key}`} className="text-xs font-medium text-ink-500">
            {field.label}
          </label>
          {field.kind === 'select' ? (
            <select
              id={`${id}-${field.key}`}
              name={field.key}
              className={`${FIELD_CLASS} h-8`}
              value={draft[field.key]}
              onChange={(event) => set(field.key, event.target.value, true)}
              data-testid={`filter-${field.key}`}
            >
              <option value="">{t('any')}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-${field.key}`}
              name={field.key}
              type={field.kind === 'date' ? 'date' : 'search'}
              className={`${FIELD_CLASS} h-8`}
              value={draft[field.key]}
              placeholder={field.kind === 'text' ? field.placeholder : undefined}
              onChange={(event) => set(field.key, event.target.value, field.kind === 'date')}
              onBlur={() => apply(draft)}
              data-testid={`filter-${field.key}`}
            />
          )}
        </div>
      ))}
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        <Search aria-hidden className="size-3.5" />
        {t('apply')}
      </Button>
      {active ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            const cleared = Object.fromEntries(fields.map((field) => [field.key, '']));
            setDraft(cleared);
            apply(cleared);
          }}
        >
          <X aria-hidden className="size-3.5" />
          {t('clearFilters')}
        </Button>
      ) : null}
    </form>
  );
}
