// The review queue's decisions, the same for every source: the reason is checked against the source's
// list, each item is decided in its own transaction together with the notice to the person (so a
// rejected withdrawal's refund and its notice commit together, and one failing item of a bulk decision
// leaves the others decided), and what each item was before and became after is handed to the audit.
// No one decides their own case: an item that concerns the reviewer is refused before anything moves.

import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { type AuthorSanction, sanctionAuthor } from '@/lib/moderation/user-sanctions';
import type { QueueSource, RoomActionOutcome, RoomActions } from './source';

export type DecisionInput = {
  ids: number[];
  approve: boolean;
  reasonCode: string;
  note: string;
  /** The code's words in the reviewer's language (stored on items that keep a reason text). */
  reasonText: string;
  actorId: number;
  now: Date;
  /**
   * With one item upheld: also warn, mute or ban its author (the source's `author`) in the item's
   * transaction, after the take-down, with the decision's reason (lib/accounts/sanctions.ts).
   */
  sanction?: AuthorSanction;
  /** With one report on a live room upheld: also take its title or cover down, or seal it (`source.room`). */
  room?: RoomActions;
};

/** What the author's sanction did: whom, and their row before and after (the audit's, as the case file's). */
export type SanctionOutcome = {
  userId: number;
  kind: AuthorSanction['kind'];
  before: unknown;
  after: unknown;
};

export type ItemOutcome =
  | {
      id: number;
      ok: true;
      before: unknown;
      after: unknown;
      userId: number | null;
      sanction?: SanctionOutcome;
      room?: RoomActionOutcome[];
    }
  | { id: number; ok: false; code: string };

/** Refuses a code the source does not offer for this decision, and `other` without words. */
export function assertReason(source: QueueSource, approve: boolean, reasonCode: string, note: string) {
  const allowed = approve ? source.reasons.approve : source.reasons.reject;
  if (!allowed.includes(reasonCode)) throw new DomainError('REVIEW_REASON_INVALID');
  if (reasonCode === 'other' && !note.trim()) throw new DomainError('REVIEW_NOTE_REQUIRED');
}

/**
 * Refuses a reviewer the item is about (`REVIEW_OWN_ITEM`: a colleague decides it). Read in the item's
 * transaction before the source's decision, so a refusal has changed nothing.
 */
export async function assertNotConcerned(db: DbOrTx, source: QueueSource, id: number, actorId: number) {
  const people = (await source.concerns(db, [id])).get(id) ?? [];
  if (people.includes(actorId)) throw new DomainError('REVIEW_OWN_ITEM', { status: 403 });
}

/** A sanction goes with one approved item of a source that names its author, or the decision is refused. */
function assertSanctionFits(source: QueueSource, input: DecisionInput, ids: readonly number[]) {
  if (!input.sanction) return;
  if (!source.author || !input.approve || ids.length !== 1) throw new DomainError('REVIEW_SANCTION_INVALID');
  const { kind, until } = input.sanction;
  if (kind !== 'warn' && (!until || until <= input.now)) throw new DomainError('SANCTION_END_INVALID');
}

/** Room actions go with one upheld report on a room, and ask for at least one thing. */
function assertRoomActionsFit(source: QueueSource, input: DecisionInput, ids: readonly number[]) {
  if (!input.room) return;
  const { title, cover, seal } = input.room;
  if (!source.room || !input.approve || ids.length !== 1 || !(title || cover || seal))
    throw new DomainError('REVIEW_ROOM_ACTION_INVALID');
}

export async function decideQueueItems(db: DbOrTx, source: QueueSource, input: DecisionInput) {
  const note = input.note.trim();
  assertReason(source, input.approve, input.reasonCode, note);
  const ids = [...new Set(input.ids)];
  assertSanctionFits(source, input, ids);
  assertRoomActionsFit(source, input, ids);
  const outcomes: ItemOutcome[] = [];
  for (const id of ids) {
    try {
      const decided = await db.transaction(async (tx) => {
        await assertNotConcerned(tx, source, id, input.actorId);
        // Read before the take-down, which may hide what the author wrote from the resolver.
        const author = input.sanction ? await source.author!(tx, id) : null;
        if (input.sanction && author === null) throw new DomainError('REVIEW_SANCTION_NO_AUTHOR');
        const decision = await source.decide(tx, {
          id,
          approve: input.approve,
          reasonCode: input.reasonCode,
          note,
          reasonText: input.reasonText,
          actorId: input.actorId,
          now: input.now,
        });
        if (decision.userId !== null)
          await notify(
            tx,
            {
              userId: decision.userId,
              subject: input.approve ? 'review_approved' : 'review_rejected',
              params: { item: source.key, reason: input.reasonCode, note },
              link: decision.link ?? null,
            },
            input.now,
          );
        const room = input.room
          ? await source.room!(tx, id, {
              actions: input.room,
              reasonCode: input.reasonCode,
              note,
              actorId: input.actorId,
              now: input.now,
            })
          : undefined;
        if (room === null) throw new DomainError('REVIEW_ROOM_ACTION_INVALID');
        if (!input.sanction || author === null) return { ...decision, room, sanction: undefined };
        const sanctioned = await sanctionAuthor(
          tx,
          {
            userId: author,
            sanction: input.sanction,
            reasonCode: input.reasonCode,
            note,
            actorId: input.actorId,
          },
          input.now,
        );
        const sanction: SanctionOutcome = {
          userId: author,
          kind: input.sanction.kind,
          before: sanctioned.before,
          after: sanctioned.after,
        };
        return { ...decision, room, sanction };
      });
      outcomes.push({
        id,
        ok: true,
        before: decided.before,
        after: decided.after,
        userId: decided.userId,
        ...(decided.sanction ? { sanction: decided.sanction } : {}),
        ...(decided.room ? { room: decided.room } : {}),
      });
    } catch (error) {
      // One item alone: its refusal is the call's. In a bulk decision the others go on.
      if (!(error instanceof DomainError) || input.ids.length === 1) throw error;
      outcomes.push({ id, ok: false, code: error.code });
    }
  }
  return outcomes;
}
