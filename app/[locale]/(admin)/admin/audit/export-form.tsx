'use client';
// Export a day range of the audit log as CSV or JSON (the file is made by the server, saved by the browser).
import { Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useFormPost } from '@/lib/http/use-form-post';

type Exported = { filename: string; body: string; count: number; truncated: boolean };

export function ExportForm({ today, timeZone }: { today: string; timeZone: string }) {
  const t = useTranslations('admin.audit.export');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [note, setNote] = useState<string | null>(null);
  // A refusal: the client's error toast says what went wrong.
  const exporting = useFormPost<
    { from: string; to: string; format: 'csv' | 'json'; time_zone: string },
    Exported
  >(
    (query) =>
      import('@/lib/http/client').then(({ api }) => api.get<Exported>('api/admin/audit/export', query)),
    {
      onSuccess: (file, { format }) => {
        const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
        // A byte-order mark so spreadsheet programs read the CSV's Chinese as UTF-8.
        const blob = new Blob([format === 'csv' ? '\ufeff' : '', file.body], { type });
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = file.filename;
        link.click();
        URL.revokeObjectURL(link.href);
        setNote(file.truncated ? t('truncated', { count: file.count }) : t('done', { count: file.count }));
      },
    },
  );
  const pending = exporting.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setNote(null);
    exporting.mutate({ from, to, format, time_zone: timeZone });
  }

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="sm" data-testid="audit-export-open">
          <Download aria-hidden className="size-4" />
          {t('open')}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-72 rounded-lg border border-line bg-surface p-4 shadow-xl"
        >
          <form onSubmit={submit} className="space-y-3">
            <div className="grid grid-cols-2 gap-2">
              <label>
                <span className={LABEL_CLASS}>{t('from')}</span>
                <input
                  type="date"
                  required
                  value={from}
                  max={to}
                  onChange={(event) => setFrom(event.target.value)}
                  className={`${FIELD_CLASS} h-9`}
                />
              </label>
              <label>
                <span className={LABEL_CLASS}>{t('to')}</span>
                <input
                  type="date"
                  required
                  value={to}
                  min={from}
                  onChange={(event) => setTo(event.target.value)}
                  className={`${FIELD_CLASS} h-9`}
                />
              </label>
            </div>
            <fieldset className="flex gap-4 text-sm text-ink-700">
              <legend className="sr-only">{t('format')}</legend>
              {(['csv', 'json'] as const).map((value) => (
                <label key={value} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="audit-export-format"
                    checked={format === value}
                    onChange={() => setFormat(value)}
                    className="accent-brand-500"
                  />
                  {value.toUpperCase()}
                </label>
              ))}
            </fieldset>
            <Button type="submit" size="sm" className="w-full" disabled={pending} data-testid="audit-export">
              {t('download')}
            </Button>
            {note ? (
              <p role="status" className="text-xs text-ink-500">
                {note}
              </p>
            ) : null}
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
