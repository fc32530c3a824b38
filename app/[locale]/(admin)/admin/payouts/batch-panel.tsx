'use client';
import { Download, Upload } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LABEL_CLASS } from '@/components/ui/field-styles';
import { useFormPost } from '@/lib/http/use-form-post';

type Channel = 'bank' | 'alipay';
type Batch = { filename: string; body: string; count: number; payout: number };
type Imported = {
  paid: number;
  already_paid: number;
  returned: number;
  already_returned: number;
  refused: number;
  rows: { line: number; reference: string; outcome: Outcome; msg: string | null }[];
};
type Outcome = 'paid' | 'already_paid' | 'returned' | 'already_returned' | 'refused';

const TONE: Record<Outcome, string> = {
  paid: 'text-emerald-700',
  already_paid: 'text-ink-500',
  returned: 'text-amber-700',
  already_returned: 'text-ink-500',
  refused: 'text-live',
};

function download(file: Batch) {
  // A byte-order mark so spreadsheet programs read the names as UTF-8.
  const blob = new Blob(['\ufeff', file.body], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = file.filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

export function BatchPanel() {
  const t = useTranslations('admin.payouts');
  const format = useFormatter();
  const fileField = useId();
  const [note, setNote] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);

  const exportBatch = useFormPost<{ channel: Channel }, Batch>('api/admin/withdrawals/export', {
    refusal: 'toast',
    refresh: true,
    onSuccess: (batch) => {
      if (batch.count) download(batch);
      setNote(
        batch.count
          ? t('exported', { count: format.number(batch.count), payout: format.number(batch.payout) })
          : t('nothingToExport'),
      );
    },
  });
  const importFile = useFormPost<{ file: string }, Imported>('api/admin/withdrawals/import', {
    failed: t('importFailed'),
    refresh: true,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMissingFile(!file);
    if (file) importFile.mutate({ file: await file.text() });
  }

  const result = importFile.data;
  return (
    <section
      aria-labelledby="payout-batch-title"
      className="mb-4 rounded-lg border border-line bg-surface p-4"
      data-testid="payout-batch"
    >
      <h2 id="payout-batch-title" className="font-medium text-ink-900">
        {t('batchTitle')}
      </h2>
      <p className="mt-1 text-xs text-ink-500">{t('batchHint')}</p>
      <div className="mt-3 flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex flex-wrap gap-2">
          {(['bank', 'alipay'] as const).map((channel) => (
            <Button
              key={channel}
              size="sm"
              variant="secondary"
              disabled={exportBatch.isPending}
              onClick={() => exportBatch.mutate({ channel })}
              data-testid={`payout-export-${channel}`}
            >
              <Download aria-hidden className="size-4" />
              {channel === 'bank' ? t('exportBank') : t('exportAlipay')}
            </Button>
          ))}
        </div>
        <form onSubmit={submit} className="flex min-w-0 flex-wrap items-end gap-2">
          <div className="min-w-0">
            <label htmlFor={fileField} className={LABEL_CLASS}>
              {t('importLabel')}
            </label>
            <input
              id={fileField}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block max-w-full text-sm text-ink-700 file:mr-2 file:h-8 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:text-sm"
              data-testid="payout-import-file"
            />
          </div>
          <Button size="sm" type="submit" disabled={importFile.isPending} data-testid="payout-import">
            <Upload aria-hidden className="size-4" />
            {t('import')}
          </Button>
        </form>
      </div>
      {note ? (
        <p role="status" className="mt-2 text-sm text-ink-700" data-testid="payout-export-note">
          {note}
        </p>
      ) : null}
      {missingFile || importFile.error ? (
        <p role="alert" className="mt-2 text-sm text-live">
          {missingFile ? t('pickFile') : importFile.error}
        </p>
      ) : null}
      {result ? (
        <div className="mt-3" data-testid="payout-import-result">
          <p role="status" className="text-sm font-medium text-ink-900">
            {t('imported', {
              paid: result.paid,
              already: result.already_paid,
              returned: result.returned + result.already_returned,
              refused: result.refused,
            })}
          </p>
          <div className="mt-2 max-h-64 overflow-auto rounded-md border border-line">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-line text-left text-xs text-ink-500">
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    {t('line')}
                  </th>
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    {t('reference')}
                  </th>
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    {t('outcome')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.line} className="border-b border-line last:border-b-0 align-top">
                    <td className="px-3 py-1.5 text-ink-500 tabular-nums">{row.line}</td>
                    <td className="px-3 py-1.5 break-all text-ink-900 tabular-nums">{row.reference}</td>
                    <td className={`px-3 py-1.5 ${TONE[row.outcome]}`}>
                      {t(`outcomes.${row.outcome}`)}
                      {row.msg ? <span className="block text-xs">{row.msg}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}
