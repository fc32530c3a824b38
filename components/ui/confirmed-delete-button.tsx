'use client';
// Deleting a row of a server-rendered list after a confirmation (./use-confirmed-delete.ts): a post
// (`api/anchor_dynamics/deletePost`: one's own circle post, or, for operators, anyone's, and the anchor's
// own posts in the anchor centre) or an anchor's own video (`api/Video_user/delete`). The words are the
// caller's. The question shows in a box under the button, or `inline` on the row's line (the video list).
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useConfirmedDelete } from '@/components/ui/use-confirmed-delete';
import { cn } from '@/lib/cn';

export type DeleteTexts = { delete: string; confirm: string; cancel: string; deleted: string };

export function ConfirmedDeleteButton({
  path = 'api/anchor_dynamics/deletePost',
  id,
  then,
  texts,
  name,
  inline = false,
  testId,
  confirmClassName,
}: {
  path?: 'api/anchor_dynamics/deletePost' | 'api/Video_user/delete';
  id: number;
  /** Where to go once deleted (else the page is read again). */
  then?: string;
  texts: DeleteTexts;
  /** The button's name when its text alone does not say what goes ("Delete 'title'"). */
  name?: string;
  /** The question and its buttons on the row's line instead of a box under it. */
  inline?: boolean;
  /** The button's test id; the confirming button's is `${testId}-confirm`. */
  testId?: string;
  confirmClassName?: string;
}) {
  const { confirming, setConfirming, pending, remove } = useConfirmedDelete(path, id, texts.deleted, then);
  if (!confirming) {
    return (
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={() => setConfirming(true)}
        aria-label={name}
        data-testid={testId}
      >
        <Trash2 aria-hidden className="size-4" />
        {texts.delete}
      </Button>
    );
  }
  const cancel = (
    <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
      {texts.cancel}
    </Button>
  );
  const confirmTestId = testId ? `${testId}-confirm` : undefined;
  if (inline) {
    return (
      <div role="alertdialog" aria-label={texts.confirm} className="flex items-center gap-1.5 text-xs">
        <span className="text-ink-700">{texts.confirm}</span>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={remove}
          disabled={pending}
          className="text-live"
          data-testid={confirmTestId}
        >
          {texts.delete}
        </Button>
        {cancel}
      </div>
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
        <Button type="button" size="sm" onClick={remove} disabled={pending} data-testid={confirmTestId}>
          {texts.delete}
        </Button>
        {cancel}
      </div>
    </div>
  );
}
