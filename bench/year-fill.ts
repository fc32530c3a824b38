// A busy year's volume (issue #45), filled with set-based SQL on top of the demo data: 1,000,000 users,
// 500 rooms, 3.3 M gift sends (each a `gift` wallet operation of three balanced transfers, plus one
// recharge per sender that pays for them), 5 M room chat lines (1 M in one room), 1 M private messages,
// 200 k community posts with 2 M comments, 50 k news articles, 2 M follows and 500 k audit entries, all
// times `scale`. Balances and experience are then set from the transfers, so `npm run ledger:check`
// holds. Every row is made by INSERT … SELECT generate_series on the server: no row crosses to Node.
// Audit entries carry hashes the database computes from their neighbours' ids, not the portal's chain:
// they are volume for the list, not a log `verifyAuditChain` accepts.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { giverTotalsUpsert } from '@/lib/gifts/giver-totals';
import { rankWindowStart } from '@/lib/live/reservations';

export const YEAR_VOLUME = {
  users: 1_000_000,
  rooms: 500,
  giftSends: 3_300_000,
  chat: 5_000_000,
  chatBigRoom: 1_000_000,
  privateMessages: 1_000_000,
  posts: 200_000,
  comments: 2_000_000,
  news: 50_000,
  follows: 2_000_000,
  audit: 500_000,
};

export type YearCounts = typeof YEAR_VOLUME;

export function scaled(scale: number): YearCounts {
  const out = {} as YearCounts;
  for (const [key, value] of Object.entries(YEAR_VOLUME))
    out[key as keyof YearCounts] = Math.max(key === 'rooms' ? 20 : 100, Math.round(value * scale));
  return out;
}

/** The user the bench signs in as: a busy fan (conversations, records, chat lines today). */
export const BUSY_MOBILE = '17000000777';

export async function fillYear(
  db: Db,
  n: YearCounts,
  now: Date,
  log: (line: string) => void,
  /**
   * Skip the foreign keys' row triggers (`session_replication_role = replica`): every reference is made
   * valid by construction, and YEAR_CHECK=1 proves the ledger. Needs a pool of one connection.
   */
  options: { replica?: boolean; busyConversations?: number } = {},
) {
  const busyConversations = options.busyConversations ?? 100;
  const at = now.toISOString();
  if (options.replica) await db.execute(sql`set session_replication_role = replica`);
  // Sorts, hashes and index builds in memory: the fill aggregates millions of rows in one statement.
  await db.execute(sql`set maintenance_work_mem = '512MB'; set work_mem = '256MB'`);
  const step = async (name: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(query);
    log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  // A random instant of the year before `now`, skewed to recent days like real traffic.
  const when = sql.raw(`('${at}'::timestamptz - power(random(), 1.5) * interval '365 days')`);
  const before = await db.execute<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from users`);
  const firstId = before.rows[0]!.id;
  // The tables' plain indexes (not unique: the fill's `on conflict` needs those) are built once after the
  // rows, one sort each, instead of taking millions of insertions at random places as the rows come.
  const aside = await db.execute<{ name: string; definition: string }>(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = 'public' and t.relkind = 'r' and not i.indisunique
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`);
  for (const index of aside.rows) await db.execute(sql.raw(`drop index ${index.name}`));

  await step(
    'users',
    sql`insert into users (mobile, nickname, is_anchor, created_at)
      select '16' || lpad(g::text, 9, '0'), 'fan' || g, g <= ${n.rooms}, ${sql.raw(`'${at}'::timestamptz`)} - interval '400 days'
      from generate_series(1, ${n.users}) g`,
  );
  await step(
    'user map',
    sql`create table y_users as select row_number() over (order by id)::int as rn, id from users where id > ${firstId}`,
  );
  await db.execute(sql`alter table y_users add primary key (rn)`);
  await db.execute(
    sql`insert into users (mobile, nickname, created_at) values (${BUSY_MOBILE}, 'busyfan', ${at}::timestamptz - interval '400 days')`,
  );
  await step(
    'rooms',
    sql`insert into live_rooms (anchor_id, title, category, status, heat)
      select id, '年度直播间 ' || rn, 'football', case when rn % 5 = 0 then 'live'::live_status else 'idle'::live_status end, rn
      from y_users where rn <= ${n.rooms}`,
  );
  await db.execute(sql`create table y_rooms as
    select row_number() over (order by r.id)::int as rn, r.id, r.anchor_id from live_rooms r
    join y_users u on u.id = r.anchor_id`);
  await db.execute(sql`alter table y_rooms add primary key (rn)`);
  await db.execute(sql`create table y_gifts as select row_number() over (order by id)::int - 1 as rn, id, price
    from gifts where active`);
  await db.execute(
    sql`create table y_circles as select row_number() over (order by id)::int - 1 as rn, id from circles`,
  );
  await db.execute(sql`create table y_categories as
    select row_number() over (order by id)::int - 1 as rn, id from news_categories`);
  const sizes = await db.execute<{ gifts: number; circles: number; categories: number }>(sql`
    select (select count(*) from y_gifts)::int as gifts, (select count(*) from y_circles)::int as circles,
           (select count(*) from y_categories)::int as categories`);
  const { gifts: giftCount, circles: circleCount, categories: categoryCount } = sizes.rows[0]!;
  if (!giftCount || !circleCount || !categoryCount)
    throw new Error('the demo catalogs (gifts, circles, news categories) are empty');
  await db.execute(sql`analyze y_users; analyze y_rooms`);

  // Gift sends: senders skewed (a few whales), room 1 the busiest, one priced gift from the catalog.
  await step(
    'sends (staging)',
    sql`create table y_sends as
      select nextval('wallet_operations_id_seq') as op_id, s.g,
             r.id as room_id, r.anchor_id, coalesce(b.id, u.id) as sender_id, gf.id as gift_id, s.cnt,
             gf.price * s.cnt as value, (gf.price * s.cnt * 6) / 10 as income, s.at
      from (select g, 1 + floor(${n.users} * power(random(), 3))::int as urn,
                   case when random() < 0.2 then 1 else 1 + floor(random() * ${n.rooms})::int end as rrn,
                   floor(random() * ${giftCount})::int as gi, 1 + floor(random() * 3)::int as cnt,
                   ${when} as at
            from generate_series(1, ${n.giftSends}) g) s
      join y_users u on u.rn = s.urn
      join y_rooms r on r.rn = s.rrn
      join y_gifts gf on gf.rn = s.gi
      left join (select id from users where mobile = ${BUSY_MOBILE}) b on s.g % 500 = 0`,
  );
  await step(
    'accounts',
    sql`insert into wallet_accounts (kind, user_id, shard, currency, balance)
      select distinct 'user'::wallet_account_kind, sender_id, 0::smallint, c::wallet_currency, 0::bigint
        from y_sends, unnest(array['star', 'exp']) c
      union select 'user', anchor_id, 0, 'yellow', 0 from y_rooms
      union select kind::wallet_account_kind, 0, 0, c::wallet_currency, 0
        from unnest(array['mint', 'revenue']) kind, unnest(array['star', 'yellow', 'exp']) c
      on conflict do nothing`,
  );
  await db.execute(sql`create table y_acc as
    select kind, user_id, currency, id from wallet_accounts where shard = 0`);
  await db.execute(sql`create index on y_acc (kind, user_id, currency); analyze y_acc`);
  await step(
    'recharges',
    sql`with per as (
        select sender_id, sum(value) + 100 as amount, min(at) - interval '1 hour' as at,
               nextval('wallet_operations_id_seq') as op_id
        from y_sends group by sender_id
      ), ops as (
        insert into wallet_operations (id, idempotency_key, kind, payload_hash, user_id, result, created_at)
        select op_id, 'year:recharge:' || sender_id, 'recharge', md5(sender_id::text) || md5(op_id::text),
               sender_id, jsonb_build_object('amount', amount), at from per
        returning id
      )
      insert into wallet_transfers (operation_id, from_account, to_account, currency, amount, created_at)
      select p.op_id, m.id, a.id, 'star', p.amount, p.at from per p
      join y_acc m on m.kind = 'mint' and m.user_id = 0 and m.currency = 'star'
      join y_acc a on a.kind = 'user' and a.user_id = p.sender_id and a.currency = 'star'
      where exists (select 1 from ops where ops.id = p.op_id)`,
  );
  await step(
    'gift operations',
    sql`insert into wallet_operations (id, idempotency_key, kind, payload_hash, user_id, result, created_at)
      select op_id, 'year:gift:' || g, 'gift', md5(g::text) || md5(op_id::text), sender_id,
             jsonb_build_object('room_id', room_id, 'anchor_id', anchor_id, 'gift_id', gift_id, 'count', cnt),
             at
      from y_sends`,
  );
  await step(
    'gift sends',
    sql`insert into gift_sends (operation_id, room_id, anchor_id, sender_id, gift_id, count, value, anchor_income,
                                combo, created_at)
      select op_id, room_id, anchor_id, sender_id, gift_id, cnt, value, income, 1, at from y_sends`,
  );
  const system = async (kind: string, currency: string) =>
    (
      await db.execute<{ id: number }>(
        sql`select id from y_acc where kind = ${kind} and user_id = 0 and currency = ${currency}`,
      )
    ).rows[0]!.id;
  const revenueStar = await system('revenue', 'star');
  const mintYellow = await system('mint', 'yellow');
  const mintExp = await system('mint', 'exp');
  await step(
    'gift transfers',
    sql`insert into wallet_transfers (operation_id, from_account, to_account, currency, amount, created_at)
      select s.op_id, a.id, ${revenueStar}, 'star'::wallet_currency, s.value, s.at from y_sends s
        join y_acc a on a.kind = 'user' and a.user_id = s.sender_id and a.currency = 'star'
      union all
      select s.op_id, ${mintYellow}, a.id, 'yellow'::wallet_currency, s.income, s.at from y_sends s
        join y_acc a on a.kind = 'user' and a.user_id = s.anchor_id and a.currency = 'yellow' where s.income > 0
      union all
      select s.op_id, ${mintExp}, a.id, 'exp'::wallet_currency, s.value * 10, s.at from y_sends s
        join y_acc a on a.kind = 'user' and a.user_id = s.sender_id and a.currency = 'exp'`,
  );
  // The rankings' rollup, as the sends would have raised it (when the database has it: the bench fills
  // before migrating, and the migration backfills it from the sends).
  const rollup = await db.execute<{ name: string | null }>(
    sql`select to_regclass('gift_giver_totals')::text as name`,
  );
  if (rollup.rows[0]!.name) {
    // As the hourly prune keeps it (prunePastWindows): every send in the totals, and in the current day,
    // week and month.
    await step(
      'rankings rollup',
      giverTotalsUpsert(sql`select room_id, sender_id, value::bigint, at from y_sends`, ['total']),
    );
    for (const window of ['day', 'week', 'month'] as const) {
      const start = rankWindowStart(window, now)!.toISOString();
      await step(
        `rankings rollup, this ${window}`,
        giverTotalsUpsert(
          sql`select room_id, sender_id, value::bigint, at from y_sends where at >= ${start}::timestamptz`,
          [window],
        ),
      );
    }
  }
  await step(
    'balances',
    sql`with moves as (
        select to_account as id, amount from wallet_transfers
        union all select from_account, -amount from wallet_transfers
      ), sums as (select id, sum(amount) as balance from moves group by id)
      update wallet_accounts a set balance = s.balance from sums s where s.id = a.id and a.balance <> s.balance`,
  );
  await step(
    'experience',
    sql`update users u set experience = a.balance from wallet_accounts a
      where a.kind = 'user' and a.user_id = u.id and a.currency = 'exp' and u.experience <> a.balance`,
  );

  await step(
    'chat',
    sql`insert into chat_messages (channel_kind, channel_id, user_id, content, created_at)
      select 'live', r.id, u.id, '年度聊天 ' || s.g, s.at
      from (select g, case when g <= ${n.chatBigRoom} then 1 else 1 + floor(random() * ${n.rooms})::int end as rrn,
                   1 + floor(${n.users} * power(random(), 2))::int as urn, ${when} as at
            from generate_series(1, ${n.chat}) g) s
      join y_rooms r on r.rn = s.rrn join y_users u on u.rn = s.urn`,
  );
  await db.execute(sql`insert into chat_messages (channel_kind, channel_id, user_id, content, created_at)
    select 'live', (select id from y_rooms where rn = 1), b.id, '今天的第 ' || g || ' 句', ${at}::timestamptz - g * interval '1 minute'
    from users b, generate_series(1, 20) g where b.mobile = ${BUSY_MOBILE}`);

  // Private messages: 1 conversation per 5 messages; the busy fan is in 100 of them (`busyConversations`).
  const conversations = Math.max(200, Math.round(n.privateMessages / 5));
  await step(
    'conversations',
    sql`create table y_pairs as
      select g, least(a.id, b.id) as lo, greatest(a.id, b.id) as hi
      from generate_series(${busyConversations + 1}::int, ${conversations}::int) g
      join y_users a on a.rn = 1 + (g * 7) % ${n.users}
      join y_users b on b.rn = 1 + (g * 13 + 5) % ${n.users}`,
  );
  // The busy fan's conversations.
  await db.execute(sql`insert into y_pairs
    select g, least(busy.id, b.id), greatest(busy.id, b.id)
    from generate_series(1, ${busyConversations}::int) g join users busy on busy.mobile = ${BUSY_MOBILE}
    join y_users b on b.rn = 1 + (g * 101) % ${n.users}`);
  await db.execute(
    sql`delete from y_pairs p using y_pairs q where p.lo = q.lo and p.hi = q.hi and p.g > q.g`,
  );
  await db.execute(sql`delete from y_pairs where lo = hi`);
  await step(
    'im conversations',
    sql`insert into im_conversations (kind, pair_key, created_at)
      select 'c2c', lo || ':' || hi, ${at}::timestamptz - interval '366 days' from y_pairs
      on conflict do nothing`,
  );
  await db.execute(sql`create table y_conv as
    select row_number() over (order by c.id)::int as rn, c.id, p.lo, p.hi from im_conversations c
    join y_pairs p on c.pair_key = p.lo || ':' || p.hi`);
  await db.execute(sql`alter table y_conv add primary key (rn); analyze y_conv`);
  await db.execute(sql`insert into im_members (conversation_id, user_id, joined_at, last_message_at)
    select id, lo, ${at}::timestamptz - interval '366 days', ${at}::timestamptz - interval '366 days' from y_conv
    union all select id, hi, ${at}::timestamptz - interval '366 days', ${at}::timestamptz - interval '366 days' from y_conv
    on conflict do nothing`);
  await step(
    'private messages',
    sql`insert into im_messages (conversation_id, sender_id, kind, text, created_at)
      select c.id, case when s.g % 2 = 0 then c.lo else c.hi end, 'text', '私信 ' || s.g, s.at
      from (select g, 1 + floor(random() * (select count(*) from y_conv))::int as crn, ${when} as at
            from generate_series(1, ${n.privateMessages}) g) s
      join y_conv c on c.rn = s.crn`,
  );
  // Each conversation's newest message (by id, as the service takes it) and its time, on the conversation
  // and each member's row.
  await db.execute(sql`update im_conversations c set last_message_at = m.at, last_message_id = m.id
    from (select distinct on (conversation_id) conversation_id, id, created_at as at from im_messages
          order by conversation_id, id desc) m
    where m.conversation_id = c.id`);
  await db.execute(sql`update im_members m set last_message_at = c.last_message_at
    from im_conversations c where c.id = m.conversation_id and c.last_message_at is not null`);
  await db.execute(sql`update im_members m set unread = u.n
    from (select mem.conversation_id, mem.user_id, count(*)::int as n
          from im_members mem join im_messages msg on msg.conversation_id = mem.conversation_id
          where msg.id > mem.last_read_id and msg.sender_id <> mem.user_id
          group by mem.conversation_id, mem.user_id) u
    where u.conversation_id = m.conversation_id and u.user_id = m.user_id`);

  // Community: circle posts in the demo's circles, comments on them.
  await step(
    'posts',
    sql`with made as (
        insert into posts (author_id, channel, body, review_status, created_at)
        select u.id, 'circle', '年度帖子 ' || s.g, 'approved', s.at
        from (select g, 1 + floor(${n.users} * random())::int as urn, ${when} as at
              from generate_series(1, ${n.posts}) g) s
        join y_users u on u.rn = s.urn
        returning id
      )
      insert into circle_posts (post_id, circle_id)
      select made.id, c.id from made join y_circles c on c.rn = made.id % ${circleCount}`,
  );
  await db.execute(sql`create table y_posts as
    select row_number() over (order by id)::int as rn, id, created_at from posts where body like '年度帖子 %'`);
  await db.execute(sql`alter table y_posts add primary key (rn); analyze y_posts`);
  await step(
    'comments',
    sql`insert into post_comments (post_id, author_id, body, created_at)
      select p.id, u.id, '年度评论 ' || s.g, p.created_at + (s.g % 1000) * interval '1 minute'
      from (select g, 1 + floor(${n.posts} * random())::int as prn, 1 + floor(${n.users} * random())::int as urn
            from generate_series(1, ${n.comments}) g) s
      join y_posts p on p.rn = s.prn join y_users u on u.rn = s.urn`,
  );
  await db.execute(sql`update posts p set comment_count = c.n
    from (select post_id, count(*) as n from post_comments group by post_id) c where c.post_id = p.id`);

  // News: an article per post of channel `news`, in the demo's categories, written in zh-CN.
  await step(
    'news',
    sql`with made as (
        insert into posts (author_id, channel, body, review_status, created_at)
        select null, 'news', '', 'approved', ${when} from generate_series(1, ${n.news})
        returning id, created_at
      ), articles as (
        insert into news_articles (post_id, category_id, source_locale, published_at)
        select made.id, c.id, 'zh-CN', made.created_at
        from made join y_categories c on c.rn = made.id % ${categoryCount} returning post_id
      )
      insert into news_translations (post_id, locale, title, summary, body)
      select post_id, 'zh-CN', '年度新闻 ' || post_id, '摘要 ' || post_id, '正文 ' || post_id from articles`,
  );

  const perUser = Math.ceil(n.follows / n.users);
  await step(
    'follows',
    sql`insert into follows (user_id, anchor_id, created_at)
      select u.id, r.anchor_id, ${when}
      from y_users u cross join generate_series(0, ${perUser - 1}) k
      join y_rooms r on r.rn = 1 + ((u.rn * 31 + k) % ${n.rooms})
      where u.rn + k * ${n.users} <= ${n.follows} and r.anchor_id <> u.id
      on conflict do nothing`,
  );
  await step(
    'audit',
    sql`insert into audit_log (at, actor_id, actor_role, action, target_type, target_id, after, reason, prev_hash, hash)
      select (${at}::timestamptz - (${n.audit} - g) * interval '1 minute'), u.id, 'operator',
             '/api/admin/review/withdrawal/decide', 'withdrawal', g::text, '{}'::jsonb, '',
             encode(sha256(convert_to('year:' || (g - 1), 'UTF8')), 'hex'),
             encode(sha256(convert_to('year:' || g, 'UTF8')), 'hex')
      from generate_series(1, ${n.audit}) g join y_users u on u.rn = 1 + g % 20`,
  );
  for (const table of [
    'y_users',
    'y_rooms',
    'y_gifts',
    'y_circles',
    'y_categories',
    'y_sends',
    'y_acc',
    'y_pairs',
    'y_conv',
    'y_posts',
  ])
    await db.execute(sql.raw(`drop table ${table}`));
  if (options.replica) {
    // The triggers that keep the lists' totals (migration 0051) were skipped with the foreign keys': the
    // totals counted once, as that migration's backfill does.
    await step(
      'list totals',
      sql`insert into news_counts (category_id, locale, articles)
        select a.category_id, t.locale, count(*)::int from news_articles a
        join posts p on p.id = a.post_id and p.deleted_at is null
        join news_translations t on t.post_id = a.post_id
        group by a.category_id, t.locale
        on conflict (category_id, locale) do update set articles = excluded.articles`,
    );
    await db.execute(sql`update circles c set shown_posts = n.posts
      from (select cp.circle_id, count(*)::int as posts from circle_posts cp join posts p on p.id = cp.post_id
            where p.channel = 'circle' and p.review_status = 'approved' and p.deleted_at is null
            group by cp.circle_id) n
      where n.circle_id = c.id`);
    await db.execute(sql`set session_replication_role = origin`);
  }
  const indexed = performance.now();
  for (const index of aside.rows) await db.execute(sql.raw(index.definition));
  log(`  indexes (${aside.rows.length}): ${((performance.now() - indexed) / 1000).toFixed(1)} s`);
  await step('analyze', sql`analyze`);
}

/**
 * The checkpoints the portal would have written into the year's audit log (one every 1000 entries,
 * unsigned: the fill's hashes are not the portal's chain), so its length is read as the portal reads it.
 * Idempotent: a run reusing the year adds only the missing ones.
 */
export async function checkpointYear(db: Db) {
  await db.execute(sql`
    insert into audit_checkpoints (seq, entry_id, hash, at)
    select x.seq, x.id, x.hash, x.at from (
      select row_number() over (order by id) as seq, id, hash, at from audit_log) x
    where x.seq % 1000 = 0 and not exists (select from audit_checkpoints c where c.seq = x.seq)`);
}
