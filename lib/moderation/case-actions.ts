// What staff do from a user's case file besides mutes and bans (sanctions.ts): write a note, remove the
// user's content of a date range (posts, videos, comments, chat lines: each taken down as an upheld report
// takes it down, lib/moderation/report-targets.ts), and reset an avatar or a nickname to the default.
// Each answers its before and after for the audit entry; the user is told, with the reason, in their
// message centre. A refusal changes nothing.
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import { userStaffNotes, users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import { chatMessages } from '@/lib/chat/schema';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { postComments, posts } from '@/lib/posts/schema';
import { takeDownReportTarget } from './report-targets';

export const NOTE_MAX = 500;
/** At most this many items in one removal: a longer range is refused (narrow it and repeat). */
export const REMOVE_CONTENT_MAX = 500;
export const PROFILE_FIELDS = ['avatar', 'nickname'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

type Reasoned = { reasonCode: string; note: string; actorId: number };

function assertReason(input: Reasoned) {
  if (input.reasonCode === 'other' && !input.note.trim()) throw new DomainError('REVIEW_NOTE_REQUIRED');
}

async function lockUser(tx: DbOrTx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new NotFoundError('USER_NOT_FOUND');
  return user;
}

/** A staff note on the user's case file. */
export async function addStaffNote(
  db: DbOrTx,
  input: { userId: number; authorId: number; body: string },
  now: Date,
) {
  const body = input.body.trim();
  if (!body) throw new DomainError('NOTE_EMPTY');
  return db.transaction(async (tx) => {
    await lockUser(tx, input.userId);
    const [note] = await tx
      .insert(userStaffNotes)
      .values({ userId: input.userId, authorId: input.authorId, body, createdAt: now })
      .returning();
    return note!;
  });
}

/**
 * Takes down everything the user wrote in [from, to) that is still shown: posts and videos (approved),
 * comments and chat lines (gift lines aside). Refused when the range is empty, backwards, holds nothing to
 * remove or more than REMOVE_CONTENT_MAX items.
 */
export async function removeContentInRange(
  db: DbOrTx,
  input: Reasoned & { userId: number; from: Date; to: Date },
  now: Date,
) {
  assertReason(input);
  if (!(input.from < input.to)) throw new DomainError('CONTENT_RANGE_INVALID');
  return db.transaction(async (tx) => {
    await lockUser(tx, input.userId);
    const inRange = <T extends { createdAt: Parameters<typeof gte>[0] }>(table: T) =>
      and(gte(table.createdAt, input.from), lt(table.createdAt, input.to));
    // One after another: a transaction's client runs one query at a time.
    const postIds = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.authorId, input.userId),
          eq(posts.reviewStatus, 'approved'),
          isNull(posts.deletedAt),
          inRange(posts),
        ),
      )
      .orderBy(asc(posts.id));
    const commentIds = await tx
      .select({ id: postComments.id })
      .from(postComments)
      .where(
        and(eq(postComments.authorId, input.userId), isNull(postComments.deletedAt), inRange(postComments)),
      )
      .orderBy(asc(postComments.id));
    const chatIds = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.userId, input.userId),
          isNull(chatMessages.deletedAt),
          isNull(chatMessages.gift),
          inRange(chatMessages),
        ),
      )
      .orderBy(asc(chatMessages.id));
    const items = [
      ...postIds.map(({ id }) => ['post', id] as const),
      ...commentIds.map(({ id }) => ['comment', id] as const),
      ...chatIds.map(({ id }) => ['chat', id] as const),
    ];
    if (!items.length) throw new DomainError('CONTENT_RANGE_NOTHING');
    if (items.length > REMOVE_CONTENT_MAX)
      throw new DomainError('CONTENT_RANGE_TOO_MANY', {
        values: { count: items.length, max: REMOVE_CONTENT_MAX },
      });
    const removed: { type: string; id: number }[] = [];
    const reason = [input.reasonCode, input.note.trim()].filter(Boolean).join(' · ');
    for (const [type, id] of items) {
      // A comment's replies go with it: one of them listed later is already gone (null).
      const done = await takeDownReportTarget(tx, type, id, { now, reason, actorId: input.actorId });
      if (done) removed.push({ type, id });
    }
    await notify(
      tx,
      {
        userId: input.userId,
        subject: 'content_removed_bulk',
        params: {
          item: 'userContent',
          count: removed.length,
          reason: input.reasonCode,
          note: input.note.trim(),
        },
      },
      now,
    );
    const count = (type: string) => removed.filter((item) => item.type === type).length;
    return {
      before: { from: input.from, to: input.to, shown: removed.length },
      after: {
        removed: { posts: count('post'), comments: count('comment'), chat: count('chat') },
        items: removed,
      },
      count: removed.length,
    };
  });
}

/** Resets the avatar (to the generated default) or the nickname (to `defaultNickname`). */
export async function resetProfileField(
  db: DbOrTx,
  input: Reasoned & { userId: number; field: ProfileField; defaultNickname: (mobile: string) => string },
  now: Date,
) {
  assertReason(input);
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    const value = input.field === 'avatar' ? '' : input.defaultNickname(user.mobile);
    const before = input.field === 'avatar' ? user.avatar : user.nickname;
    if (before === value) throw new DomainError('PROFILE_ALREADY_DEFAULT');
    await tx
      .update(users)
      .set(input.field === 'avatar' ? { avatar: value } : { nickname: value })
      .where(eq(users.id, input.userId));
    await notify(
      tx,
      {
        userId: input.userId,
        subject: 'profile_reset',
        params: { item: input.field, reason: input.reasonCode, note: input.note.trim() },
      },
      now,
    );
    return { before: { [input.field]: before }, after: { [input.field]: value } };
  });
}
