'use client';
// Deleting a post after a confirmation (`api/anchor_dynamics/deletePost`): one's own circle post (or, for
// operators, anyone's) and the anchor's own posts in the anchor centre. The words are the caller's.
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfirmedDelete } from '@/components/ui/use-confirmed-delete';
import { cn } from '@/lib/cn';

export type DeletePostTexts = { delete: string; confirm: string; cancel: string; deleted: string };

export function DeletePostButton({
  id,
  then,
  texts,
  testId,
  confirmClassName,
}: {
  id: number;
  /** Where to go once deleted (else the page is read again). */
  then?: string;
  texts: DeletePostTexts;
  /** The button's test id; the confirming button's is `${testId}-confirm`. */
  testId?: string;
  confirmClassName?: string;
}) {
  const { confirming, setConfirming, pending, remove } = useConfirmedDelete(
    'api/anchor_dynamics/deletePost',
    id,
    texts.deleted,
    then,
  );
  if (!confirming) {
    return (
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={() => setConfirming(true)}
        data-testid={testId}
      >
        <Trash2 aria-hidden className="size-4" />
        {texts.delete}
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby={`delete-${id}`}
      className={cn('space-y-2 rounded-md bg-brand-50 p-3', confirmClassName)}
    >
      <p id={`delete-${id}`} className="text-sm text-ink-900">
        {texts.confirm}
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          onClick={remove}
          disabled={pending}
          data-testid={testId ? `${testId}-confirm` : undefined}
        >
          {texts.delete}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          {texts.cancel}
        </Button>
      </div>
    </div>
  );
}
