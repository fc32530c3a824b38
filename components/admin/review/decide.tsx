'use client';
import { useRouter } from 'next/navigation';
// The review queue's decisions: approve or refuse one item (its row) or the items picked (the bulk bar),
// always through the console's reason dialog. Decided items leave the table at once and the page refreshes
// (the next items, the counts); items of a bulk decision that could not be decided (already decided
// elsewhere, or about the reviewer) are named in a toast. An item about the reviewer shows its actions
// disabled with the reason. A report case's uphold also offers the author's sanction (./author-sanction.tsx),
// and a report on a live room taking its title or cover down or sealing it (./room-actions.tsx).
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { useSettleRows, useTableSelection } from '@/components/admin/table-selection';
import { Button } from '@/components/ui/button';
import type { DecisionReason } from '@/lib/admin/decision';
import { AuthorSanctionField, type AuthorSanctionInput, useAuthorSanction } from './author-sanction';
import { RoomActionsField, type RoomActionsInput, useRoomActions } from './room-actions';

export type DecisionCopy = {
  approve: string;
  reject: string;
  approveTitle: string;
  rejectTitle: string;
  hint: string;
  approveReasons: readonly ReasonOption[];
  rejectReasons: readonly ReasonOption[];
};

type Outcome = { id: number; ok: boolean; msg?: string };

function useDecide(source: string) {
  const router = useRouter();
  const settle = useSettleRows();
  const t = useTranslations('admin.review');
  return async (
    ids: readonly number[],
    approve: boolean,
    reason: DecisionReason,
    sanction?: AuthorSanctionInput,
    room?: RoomActionsInput,
  ) => {
    const { api } = await import('@/lib/http/client');
    // With a sanction or room actions a refusal stays in the dialog (its end, the role): no toast beside it.
    const { results } = await api.post<{ results: Outcome[] }>(
      `api/admin/review/${source}/decide`,
      { ids, approve, ...reason, ...(sanction ? { sanction } : {}), ...(room ? { room } : {}) },
      { silent: !!sanction || !!room },
    );
    settle(results.filter((result) => result.ok).map((result) => result.id));
    const failed = results.filter((result) => !result.ok);
    const { toast } = await import('sonner');
    if (failed.length)
      toast.error(
        t('partial', {
          done: results.length - failed.length,
          failed: failed.map((result) => `#${result.id} ${result.msg ?? ''}`).join('; '),
        }),
      );
    else toast.success(t('done', { count: results.length }));
    router.refresh();
  };
}

function DecisionPair({
  source,
  ids,
  copy,
  size = 'sm',
  testId,
  sanctionAuthor = false,
  roomActions = false,
  onDone,
}: {
  source: string;
  ids: readonly number[];
  copy: DecisionCopy;
  size?: 'sm' | 'md';
  testId: string;
  /** Upholding may also warn, mute or ban the author (one report case, a reviewer who may sanction). */
  sanctionAuthor?: boolean;
  /** Upholding may also take the reported room's title or cover down, or seal it (a report on a room). */
  roomActions?: boolean;
  onDone?: () => void;
}) {
  const decide = useDecide(source);
  const author = useAuthorSanction();
  const room = useRoomActions();
  const run = (approve: boolean) => async (reason: DecisionReason) => {
    await decide(
      ids,
      approve,
      reason,
      approve && sanctionAuthor ? author.input() : undefined,
      approve && roomActions ? room.input() : undefined,
    );
    if (approve) {
      author.reset();
      room.reset();
    }
    onDone?.();
  };
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        trigger={
          <Button size={size} data-testid={`${testId}-approve`}>
            {copy.approve}
          </Button>
        }
        title={copy.approveTitle}
        description={copy.hint}
        reasons={copy.approveReasons}
        confirmLabel={copy.approve}
        onConfirm={run(true)}
      >
        {roomActions ? <RoomActionsField state={room} /> : null}
        {sanctionAuthor ? <AuthorSanctionField state={author} /> : null}
      </ReasonDialog>
      <ReasonDialog
        trigger={
          <Button size={size} variant="secondary" data-testid={`${testId}-reject`}>
            {copy.reject}
          </Button>
        }
        title={copy.rejectTitle}
        description={copy.hint}
        reasons={copy.rejectReasons}
        confirmLabel={copy.reject}
        tone="danger"
        onConfirm={run(false)}
      />
    </div>
  );
}

/**
 * A row's own decision. An item that concerns the reader (`ownItem`: the hint why) shows its actions
 * disabled: the queue would refuse them (`REVIEW_OWN_ITEM`), a colleague decides it.
 */
export function DecideItem({
  source,
  id,
  copy,
  ownItem,
  sanctionAuthor,
  roomActions,
}: {
  source: string;
  id: number;
  copy: DecisionCopy;
  ownItem?: string;
  sanctionAuthor?: boolean;
  roomActions?: boolean;
}) {
  if (ownItem)
    return (
      <div className="flex flex-col items-end gap-1.5" data-testid={`decide-${id}-own`}>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled aria-describedby={`own-item-${id}`}>
            {copy.approve}
          </Button>
          <Button size="sm" variant="secondary" disabled aria-describedby={`own-item-${id}`}>
            {copy.reject}
          </Button>
        </div>
        <p id={`own-item-${id}`} className="text-xs text-ink-500">
          {ownItem}
        </p>
      </div>
    );
  return (
    <DecisionPair
      source={source}
      ids={[id]}
      copy={copy}
      testId={`decide-${id}`}
      sanctionAuthor={sanctionAuthor}
      roomActions={roomActions}
    />
  );
}

/** The bulk bar's decision over the rows picked. */
export function DecideSelected({ source, copy }: { source: string; copy: DecisionCopy }) {
  const { selected, clear } = useTableSelection();
  return (
    <DecisionPair
      source={source}
      ids={selected.map(Number)}
      copy={copy}
      size="sm"
      testId="decide-selected"
      onDone={clear}
    />
  );
}
