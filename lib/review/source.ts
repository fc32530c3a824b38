// The review queue's one extension point. Everything that waits for a person (an anchor application, a
// post, a withdrawal, …) is a `QueueSource`: it counts and lists what waits and decides one item inside
// the transaction the queue opens; the queue adds the rest for every source alike (the reason, the notice
// in the person's message centre, the audit's before and after, bulk decisions, the routes and their
// roles). A source lives in its domain (`lib/<domain>/review-source.ts`) and is one line of ./registry.ts.
// No one decides their own case: every source names the people each item is about (`concerns`), and the
// queue refuses a staff member among them (`REVIEW_OWN_ITEM`) for every source alike.
import type { StaffRole } from '@/lib/api/context';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';

/** One line of the queue. `fields` are shown as label → value (labels: `admin.review.fields.<key>`). */
export type QueueItem = {
  id: number;
  /** The person the decision concerns: who is notified. */
  userId: number;
  nickname: string;
  /** What waits, in a line: an excerpt, an amount, a name. */
  summary: string;
  fields: Record<string, string | number | null>;
  /** Pictures or a video to look at (same-site paths). */
  media?: { kind: 'image' | 'video'; url: string }[];
  /** For reports: what was reported, as it is now. */
  context?: {
    type: string;
    id: number;
    title: string;
    body: string;
    ownerId: number | null;
    link: string | null;
  };
  /** For reports gathered into a case: everyone who reported the same thing, why, and when. */
  case?: {
    reports: number;
    reporters: { id: number; nickname: string }[];
    reasons: string[];
    first: Date;
    last: Date;
  };
  createdAt: Date;
};

/** One page of a source, oldest first (`asc`) or newest first (`desc`). */
export type QueueListInput = { page: number; size: number; dir: 'asc' | 'desc'; locale: Locale };

export type QueueDecisionInput = {
  id: number;
  approve: boolean;
  reasonCode: string;
  note: string;
  /** The code's words in the reviewer's language, for sources that store a reason text on the item. */
  reasonText: string;
  actorId: number;
  now: Date;
};

export type QueueDecision = {
  /** Who the notice goes to (null: nobody, e.g. the item's owner is gone). */
  userId: number | null;
  before: unknown;
  after: unknown;
  /** Where the notice leads (a path of this site). */
  link?: string | null;
};

export type QueueSource = {
  /** The queue's tab and the routes' segment: `/api/admin/review/<key>/list` and `…/decide`. */
  key: string;
  /** Who may review it besides operators (the routes' `staff`, so the console's guard follows). */
  staff: readonly StaffRole[];
  /** Reason codes for an approval and for a refusal (lib/review/reasons.ts). */
  reasons: { approve: readonly string[]; reject: readonly string[] };
  count(db: DbOrTx, now: Date): Promise<number>;
  list(db: DbOrTx, input: QueueListInput, now: Date): Promise<QueueItem[]>;
  /**
   * Every user each item is about (its author or applicant, the one paid, the one disputed, the owner of
   * what was reported…), for the items of `ids` that exist. The queue reads it inside each decision's
   * transaction and refuses a reviewer among them, and the list marks such items for the reader.
   */
  concerns(db: DbOrTx, ids: readonly number[]): Promise<Map<number, readonly number[]>>;
  /** Decides one pending item inside the queue's transaction; throws a DomainError when it is not pending. */
  decide(tx: DbOrTx, input: QueueDecisionInput): Promise<QueueDecision>;
  /**
   * Other staff writes that decide this source's items too (a bulk take-down closes the report cases on
   * what it took down): the decided view lists their audit entries that name a `closed_case`.
   */
  decidedAlsoBy?: readonly string[];
  /**
   * Whom an approving decision may also warn, mute or ban (a report's: the author of what was reported),
   * read in the decision's transaction before `decide`; a source without it refuses a sanction.
   */
  author?(db: DbOrTx, id: number): Promise<number | null>;
  /**
   * What an upholding decision may also do to the live room an item is about (a report on a room), in the
   * decision's transaction after `decide`, with its reason; null when the item is not about a room (the
   * decision is then refused). A source without it refuses room actions.
   */
  room?(
    tx: DbOrTx,
    id: number,
    input: { actions: RoomActions; reasonCode: string; note: string; actorId: number; now: Date },
  ): Promise<RoomActionOutcome[] | null>;
};

/** What upholding a report on a live room may also do to the room: take its title or cover down, seal it. */
export type RoomActions = { title: boolean; cover: boolean; seal: boolean; sealHours?: number | undefined };

/** One thing done to the room: the staff route it is audited as, and the room before and after. */
export type RoomActionOutcome = { path: string; roomId: number; before: unknown; after: unknown };

const sources = new Map<string, QueueSource>();

/** Adds (or replaces, for a rebuilt app) a source; its routes are declared by `registerReviewRoutes`. */
export function registerQueueSource(source: QueueSource) {
  sources.set(source.key, source);
}

export const queueSources = (): QueueSource[] => [...sources.values()];
