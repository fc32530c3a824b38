'use client';
// "Verify chain": recomputes every entry's hash on the server and shows the result, or the first entry that
// does not match (changed or removed behind the portal's back).
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

type Report = {
  ok: boolean;
  entries: number;
  brokenAt?: number;
  broken: { id: number; at: string; action: string; actorId: number } | null;
};

export function ChainCheck() {
  const t = useTranslations('admin.audit.chain');
  const format = useFormatter();
  const [report, setReport] = useState<Report | null>(null);
  const [pending, setPending] = useState(false);

  async function verify() {
    setPending(true);
    try {
      const { api } = await import('@/lib/http/client');
      setReport(await api.get<Report>('api/admin/audit/verify'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex items-center gap-3">
      <output className="text-sm" data-testid="chain-result" aria-live="polite">
        {report?.ok ? (
          <span className="inline-flex items-center gap-1.5 text-win">
            <ShieldCheck aria-hidden className="size-4" />
            {t('ok', { entries: format.number(report.entries) })}
          </span>
        ) : report ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-live">
            <ShieldAlert aria-hidden className="size-4" />
            {t('broken', {
              id: String(report.brokenAt),
              at: report.broken ? format.dateTime(new Date(report.broken.at), 'dateTime') : '—',
              action: report.broken?.action ?? '—',
            })}
          </span>
        ) : null}
      </output>
      <Button variant="secondary" size="sm" onClick={verify} disabled={pending} data-testid="chain-verify">
        <ShieldCheck aria-hidden className="size-4" />
        {pending ? t('running') : t('verify')}
      </Button>
    </div>
  );
}
