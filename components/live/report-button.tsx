'use client';
// 举报: opens the report dialog for a room, user, post, comment or private message (`iconOnly`: the flag
// alone, its name for screen readers, beside a message bubble). The dialog (Radix, the reasons
// query) loads on the first click so pages that show the button carry none of it. A page that knows
// the visitor is a guest passes `signedIn={false}` and the login dialog opens instead; otherwise a
// guest's submit gets code 700, which opens it through the shared client.
import { Flag } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ReportTargetType } from '@/lib/moderation/report-targets';
import { openLoginDialog } from '@/lib/store/atoms';

const ReportDialog = dynamic(() => import('./report-dialog'), { ssr: false });

export function ReportButton({
  targetType,
  targetId,
  signedIn,
  className,
  iconOnly = false,
}: {
  targetType: ReportTargetType;
  targetId: number;
  signedIn?: boolean;
  className?: string;
  iconOnly?: boolean;
}) {
  const t = useTranslations('moderation');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('reportTitle', { target: t(`target.${targetType}`) })}
        onClick={() => {
          if (signedIn === false) {
            openLoginDialog();
            return;
          }
          setUsed(true);
          setOpen(true);
        }}
        className={
          className ??
          'inline-flex h-8 items-center gap-1.5 rounded-md border border-line px-3 text-sm text-ink-700 hover:border-live hover:text-live'
        }
      >
        <Flag aria-hidden className="size-4" />
        {iconOnly ? null : t('report')}
      </button>
      {used ? (
        <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} />
      ) : null}
    </>
  );
}
