'use client';
// One audit entry's values before and after, field by field (nested values as dotted paths), with the
// changed fields marked; entries written without a `before` show the values after only.
import { FileDiff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { cn } from '@/lib/cn';

const MAX_DEPTH = 4;

function flatten(value: unknown, prefix = '', depth = 0, into = new Map<string, string>()) {
  if (value !== null && typeof value === 'object' && depth < MAX_DEPTH && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>))
      flatten(inner, prefix ? `${prefix}.${key}` : key, depth + 1, into);
  } else if (value !== undefined) {
    into.set(prefix || '—', typeof value === 'string' ? value : JSON.stringify(value));
  }
  return into;
}

export function AuditDiff({ before, after, title }: { before: unknown; after: unknown; title: string }) {
  const t = useTranslations('admin.audit');
  const was = before === null || before === undefined ? new Map<string, string>() : flatten(before);
  const now = after === null || after === undefined ? new Map<string, string>() : flatten(after);
  const keys = [...new Set([...was.keys(), ...now.keys()])];
  const hasBefore = before !== null && before !== undefined;
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" data-testid="audit-diff-open">
          <FileDiff aria-hidden className="size-3.5" />
          {t('diff')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="audit-diff"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(760px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-surface p-6 shadow-2xl"
        >
          <Dialog.Title className="pr-8 text-base font-semibold text-ink-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-500">
            {hasBefore ? t('diffHint') : t('diffNoBefore')}
          </Dialog.Description>
          <div className="mt-4 min-h-0 overflow-auto rounded-md border border-line">
            <table className="w-full text-xs">
              <thead className="sticky top-0 bg-canvas text-left text-ink-500">
                <tr className="h-8">
                  <th scope="col" className="px-3 font-medium">
                    {t('field')}
                  </th>
                  {hasBefore ? (
                    <th scope="col" className="px-3 font-medium">
                      {t('before')}
                    </th>
                  ) : null}
                  <th scope="col" className="px-3 font-medium">
                    {t('after')}
                  </th>
                </tr>
              </thead>
              <tbody className="font-mono">
                {keys.map((key) => {
                  const changed = hasBefore && was.get(key) !== now.get(key);
                  return (
                    <tr
                      key={key}
                      className={cn('border-t border-line align-top', changed && 'bg-brand-50/70')}
                    >
                      <th scope="row" className="px-3 py-1.5 text-left font-medium break-all text-ink-700">
                        {key}
                      </th>
                      {hasBefore ? (
                        <td
                          className={cn(
                            'px-3 py-1.5 break-all',
                            changed ? 'text-live line-through' : 'text-ink-500',
                          )}
                        >
                          {was.get(key) ?? '—'}
                        </td>
                      ) : null}
                      <td className={cn('px-3 py-1.5 break-all', changed ? 'text-win' : 'text-ink-700')}>
                        {now.get(key) ?? '—'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
