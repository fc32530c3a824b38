import { FileCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { checkpointQuery } from '@/lib/audit/copy';
import { useFormPost } from '@/lib/http/use-form-post';

export function CheckpointCopy<T>({ onChecked }: { onChecked: (report: T) => void }) {
  const t = useTranslations('admin.audit.chain');
  const [copy, setCopy] = useState('');
  const [note, setNote] = useState<string | null>(null);
  // The client's error toast says what was refused, in the reader's language.
  const check = useFormPost<NonNullable<ReturnType<typeof checkpointQuery>>, T>(
    (query) => import('@/lib/http/client').then(({ api }) => api.get<T>('api/admin/audit/verify', query)),
    { onSuccess: onChecked },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = checkpointQuery(copy);
    setNote(query ? null : t('copyUnreadable'));
    if (query) check.mutate(query);
  }

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="secondary" size="sm" data-testid="chain-copy-open">
          <FileCheck aria-hidden className="size-4" />
          {t('copy')}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-line bg-surface p-4 shadow-xl"
        >
          <form onSubmit={submit} className="space-y-3">
            <label className="block">
              <span className={LABEL_CLASS}>{t('copyLabel')}</span>
              <textarea
                required
                rows={5}
                value={copy}
                onChange={(event) => setCopy(event.target.value)}
                className={`${FIELD_CLASS} font-mono text-xs`}
                data-testid="chain-copy"
              />
            </label>
            <p className="text-xs text-ink-500">{t('copyHint')}</p>
            <Button
              type="submit"
              size="sm"
              className="w-full"
              disabled={check.isPending}
              data-testid="chain-copy-check"
            >
              {check.isPending ? t('running') : t('copyCheck')}
            </Button>
            {note ? (
              <p role="status" className="text-xs text-live">
                {note}
              </p>
            ) : null}
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
