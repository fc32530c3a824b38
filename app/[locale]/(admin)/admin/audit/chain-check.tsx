'use client';
// "Verify chain": recomputes every entry's hash on the server and shows the result, or the first entry that
// does not match (changed or removed behind the portal's back), and what the latest signed checkpoint says:
// it matches, the tail was cut, an entry was rewritten, or its signature is not this portal's.
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTimeFormat } from '@/components/ui/time-view';
import { useFormPost } from '@/lib/http/use-form-post';
import { CheckpointCopy } from './checkpoint-copy';

type Report = {
  ok: boolean;
  entries: number;
  brokenAt?: number;
  broken: { id: number; at: string; action: string; actorId: number } | null;
  signing: 'signed' | 'unsigned';
  checkpoint: {
    seq: number;
    at: string;
    keyId: string;
    result: 'matches' | 'cut_tail' | 'rewritten' | 'bad_signature' | 'archived';
  } | null;
};

const RESULT_KEYS = {
  cut_tail: 'cutTail',
  rewritten: 'rewritten',
  bad_signature: 'badSignature',
  archived: 'archived',
} as const;

export function ChainCheck() {
  const t = useTranslations('admin.audit.chain');
  const format = useFormatter();
  const times = useTimeFormat();
  const [report, setReport] = useState<Report | null>(null);
  // A refusal is toasted by the shared client.
  const verification = useFormPost<void, Report>(
    () => import('@/lib/http/client').then(({ api }) => api.get<Report>('api/admin/audit/verify')),
    { onSuccess: setReport },
  );
  const pending = verification.isPending;
  const verify = () => verification.mutate();

  const checkpoint = report?.checkpoint;
  const checkpointValues = checkpoint && {
    seq: format.number(checkpoint.seq),
    at: times.dateTime(new Date(checkpoint.at), 'dateTime'),
    keyId: checkpoint.keyId,
    entries: format.number(report.entries),
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <output className="flex flex-col gap-1 text-sm" data-testid="chain-result" aria-live="polite">
        {report?.brokenAt === undefined && report ? (
          <span className="inline-flex items-center gap-1.5 text-win">
            <ShieldCheck aria-hidden className="size-4" />
            {t('ok', { entries: format.number(report.entries) })}
          </span>
        ) : report ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-live">
            <ShieldAlert aria-hidden className="size-4" />
            {t('broken', {
              id: String(report.brokenAt),
              at: report.broken ? times.dateTime(new Date(report.broken.at), 'dateTime') : '—',
              action: report.broken?.action ?? '—',
            })}
          </span>
        ) : null}
        {report && !checkpoint ? <span className="text-muted-foreground">{t('noCheckpoint')}</span> : null}
        {checkpoint && checkpointValues ? (
          checkpoint.result === 'matches' ? (
            <span className="text-muted-foreground" data-testid="chain-checkpoint">
              {t(report.signing === 'signed' ? 'matches' : 'matchesUnsigned', checkpointValues)}
            </span>
          ) : (
            <span
              className="inline-flex items-center gap-1.5 font-medium text-live"
              data-testid="chain-checkpoint"
            >
              <ShieldAlert aria-hidden className="size-4" />
              {t(RESULT_KEYS[checkpoint.result], checkpointValues)}
            </span>
          )
        ) : null}
      </output>
      <Button variant="secondary" size="sm" onClick={verify} disabled={pending} data-testid="chain-verify">
        <ShieldCheck aria-hidden className="size-4" />
        {pending ? t('running') : t('verify')}
      </Button>
      <CheckpointCopy<Report> onChecked={setReport} />
    </div>
  );
}
