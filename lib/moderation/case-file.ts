// A user's case file for the console (issue #41 item 4), beside the profile of admin-users.ts: where they
// signed in from (time, address, device), the accounts that share a device or an address with them, the
// reports they made and those made about them or their content, their latest content with its state
// (shown, waiting for review, removed), and the staff's notes. Each list is the newest few: the page is
// read by a person, not exported.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { sessions, userStaffNotes, users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { reasonName } from './report-reasons';

export const CASE_LIST_SIZE = 20;

export type CaseContentKind = 'post' | 'video' | 'comment' | 'chat';
export type CaseContentState = 'shown' | 'pending' | 'removed';

/** The newest sign-ins (sessions opened), with where from. */
function signIns(db: DbOrTx, userId: number) {
  return db
    .select({
      id: sessions.id,
      at: sessions.createdAt,
      address: sessions.address,
      device_type: sessions.deviceType,
      device_id: sessions.deviceId,
      user_agent: sessions.userAgent,
      revoked_at: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(CASE_LIST_SIZE);
}

type SharedRow = {
  id: number;
  nickname: string;
  via: 'device' | 'address';
  shared: string;
  last_at: Date | string;
  muted_until: Date | string | null;
  banned_until: Date | string | null;
};

/** Other accounts seen on one of this user's devices or addresses, the most recent first. */
async function sharedAccounts(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<SharedRow>(sql`
    with mine as (
      select distinct device_id, address from sessions where user_id = ${userId}
    ), seen as (
      select s.user_id, 'device' as via, s.device_id as shared, max(s.created_at) as last_at
      from sessions s
      where s.device_id <> '' and s.user_id <> ${userId}
        and s.device_id in (select device_id from mine where device_id <> '')
      group by s.user_id, s.device_id
      union all
      select s.user_id, 'address', s.address, max(s.created_at)
      from sessions s
      where s.address <> '' and s.user_id <> ${userId}
        and s.address in (select address from mine where address <> '')
      group by s.user_id, s.address
    )
    select u.id, u.nickname, seen.via, seen.shared, seen.last_at, u.muted_until, u.banned_until
    from seen join users u on u.id = seen.user_id
    order by (seen.via = 'device') desc, seen.last_at desc, u.id desc
    limit ${CASE_LIST_SIZE * 2}`);
  return rows.map((row) => ({
    ...row,
    last_at: new Date(row.last_at),
    muted_until: row.muted_until ? new Date(row.muted_until) : null,
    banned_until: row.banned_until ? new Date(row.banned_until) : null,
  }));
}

type ReportRow = {
  id: number;
  reporter_id: number;
  reporter: string;
  target_type: string;
  target_id: number;
  reason: Record<string, string>;
  content: string;
  status: string;
  handler: string | null;
  handled_at: Date | string | null;
  created_at: Date | string;
};

const reportColumns = sql`
  r.id, r.reporter_id, ru.nickname as reporter, r.target_type, r.target_id, rr.names as reason,
  r.content, r.status, hu.nickname as handler, r.handled_at, r.created_at`;
const reportJoins = sql`
  join users ru on ru.id = r.reporter_id
  join report_reasons rr on rr.id = r.reason_id
  left join users hu on hu.id = r.handler_id`;

/** Reports about the user: on their account, their room, or one of their posts, comments or chat lines. */
async function reportsReceived(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<ReportRow>(sql`
    select ${reportColumns} from reports r ${reportJoins}
    where (r.target_type = 'user' and r.target_id = ${userId})
       or (r.target_type = 'room' and r.target_id in (select id from live_rooms where anchor_id = ${userId}))
       or (r.target_type = 'post' and r.target_id in (select id from posts where author_id = ${userId}))
       or (r.target_type = 'comment'
           and r.target_id in (select id from post_comments where author_id = ${userId}))
       or (r.target_type = 'chat'
           and r.target_id in (select id from chat_messages where user_id = ${userId}))
    order by r.id desc limit ${CASE_LIST_SIZE}`);
  return rows;
}

async function reportsMade(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<ReportRow>(sql`
    select ${reportColumns} from reports r ${reportJoins}
    where r.reporter_id = ${userId}
    order by r.id desc limit ${CASE_LIST_SIZE}`);
  return rows;
}

type ContentRow = {
  kind: CaseContentKind;
  id: number;
  text: string;
  state: CaseContentState;
  created_at: Date | string;
  /** Where it shows: a post's id for a comment, `live:12` for a chat line. */
  place: string;
};

/** The user's newest posts, videos, comments and chat lines (gift lines aside), with their state. */
async function latestContent(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<ContentRow>(sql`
    (select case when p.channel = 'video' then 'video' else 'post' end as kind, p.id,
            coalesce(v.title, left(p.body, 120)) as text,
            case when p.deleted_at is not null or p.review_status = 'rejected' then 'removed'
                 when p.review_status = 'pending' then 'pending' else 'shown' end as state,
            p.created_at, p.channel as place
     from posts p left join videos v on v.post_id = p.id
     where p.author_id = ${userId} order by p.created_at desc limit ${CASE_LIST_SIZE})
    union all
    (select 'comment', c.id, left(c.body, 120),
            case when c.deleted_at is not null then 'removed' else 'shown' end, c.created_at, c.post_id::text
     from post_comments c where c.author_id = ${userId} order by c.created_at desc limit ${CASE_LIST_SIZE})
    union all
    (select 'chat', m.id, left(m.content, 120),
            case when m.deleted_at is not null then 'removed' else 'shown' end, m.created_at,
            m.channel_kind || ':' || m.channel_id
     from chat_messages m where m.user_id = ${userId} and m.gift is null
     order by m.created_at desc limit ${CASE_LIST_SIZE})
    order by created_at desc limit ${CASE_LIST_SIZE}`);
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at) }));
}

/** Staff notes, newest first, with their authors' names. */
function staffNotes(db: DbOrTx, userId: number) {
  return db
    .select({
      id: userStaffNotes.id,
      body: userStaffNotes.body,
      author_id: userStaffNotes.authorId,
      author: users.nickname,
      created_at: userStaffNotes.createdAt,
    })
    .from(userStaffNotes)
    .leftJoin(users, eq(users.id, userStaffNotes.authorId))
    .where(eq(userStaffNotes.userId, userId))
    .orderBy(desc(userStaffNotes.id))
    .limit(CASE_LIST_SIZE * 2);
}

const presentReport = (locale: Locale) => (row: ReportRow) => ({
  id: row.id,
  reporter_id: row.reporter_id,
  reporter: row.reporter,
  target_type: row.target_type,
  target_id: row.target_id,
  reason: reasonName(row.reason, locale),
  content: row.content,
  status: row.status,
  handler: row.handler,
  handled_at: row.handled_at ? new Date(row.handled_at) : null,
  created_at: new Date(row.created_at),
});

/** Nicknames of staff by id (who gave a sanction, who lifted it). */
export async function nicknamesOf(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.nickname]));
}

/** Everything of the case file beside the profile (admin-users.ts `userProfile`). */
export async function caseFile(db: DbOrTx, userId: number, locale: Locale) {
  const [logins, shared, received, made, content, notes] = await Promise.all([
    signIns(db, userId),
    sharedAccounts(db, userId),
    reportsReceived(db, userId),
    reportsMade(db, userId),
    latestContent(db, userId),
    staffNotes(db, userId),
  ]);
  return {
    sign_ins: logins,
    shared,
    reports_received: received.map(presentReport(locale)),
    reports_made: made.map(presentReport(locale)),
    content,
    notes,
  };
}
