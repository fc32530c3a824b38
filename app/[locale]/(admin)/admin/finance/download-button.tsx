'use client';
import { Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useFormPost } from '@/lib/http/use-form-post';

type Report = { csv: { filename: string; body: string } | null };

export function DownloadButton({ from, to }: { from: string; to: string }) {
  const t = useTranslations('admin.finance');
  const download = useFormPost<void, Report>(
    () =>
      import('@/lib/http/client').then(({ api }) =>
        api.get<Report>('api/admin/finance/report', { from, to, format: 'csv' }),
      ),
    {
      onSuccess: ({ csv }) => {
        if (!csv) return;
        // A byte-order mark so spreadsheet programs read the labels as UTF-8.
        const blob = new Blob(['\ufeff', csv.body], { type: 'text/csv;charset=utf-8' });
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = csv.filename;
        link.click();
        URL.revokeObjectURL(link.href);
      },
    },
  );
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={download.isPending}
      onClick={() => download.mutate()}
      data-testid="finance-download"
    >
      <Download aria-hidden className="size-4" />
      {t('download')}
    </Button>
  );
}
