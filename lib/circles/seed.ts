// The circles every install has, kept by code on every start like the other reference data: a few
// general circles, then one per league and one per club of the real football data (lib/scores). Run
// again it renames what changed and adds what is new; it never removes a circle with posts.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { circles } from './schema';

const GENERAL = [
  {
    slug: 'general:football',
    names: { 'zh-CN': '足球圈', 'zh-TW': '足球圈', en: 'Football talk', vi: 'Bàn luận bóng đá' },
  },
  {
    slug: 'general:basketball',
    names: { 'zh-CN': '篮球圈', 'zh-TW': '籃球圈', en: 'Basketball talk', vi: 'Bàn luận bóng rổ' },
  },
  {
    slug: 'general:esports',
    names: { 'zh-CN': '电竞圈', 'zh-TW': '電競圈', en: 'Esports', vi: 'Thể thao điện tử' },
  },
  {
    slug: 'general:lounge',
    names: { 'zh-CN': '球迷茶馆', 'zh-TW': '球迷茶館', en: 'Fans’ lounge', vi: 'Góc người hâm mộ' },
  },
] as const;

export async function seedCircles(db: DbOrTx) {
  for (const [index, circle] of GENERAL.entries()) {
    await db
      .insert(circles)
      .values({ ...circle, kind: 'general', sort: index + 1 })
      .onConflictDoUpdate({ target: circles.slug, set: { names: circle.names, sort: index + 1 } });
  }
  // Leagues of the real football data (never the simulator's fictional ones).
  await db.execute(sql`
    insert into circles (slug, kind, names, competition_id, sort)
    select 'league:' || c.code, 'league', jsonb_build_object('en', c.source_name) || c.names, c.id, 100
    from competitions c
    where c.sport = 'football' and c.kind = 'league' and c.source = 'openfootball'
    on conflict (slug) do update set names = excluded.names, competition_id = excluded.competition_id`);
  // Each club once, under the league of its newest season.
  await db.execute(sql`
    insert into circles (slug, kind, names, team_id, parent_id, sort)
    select distinct on (t.id) 'club:' || t.id, 'club', jsonb_build_object('en', t.source_name) || t.names, t.id, l.id, 200
    from teams t
    join season_teams st on st.team_id = t.id
    join seasons s on s.id = st.season_id
    join circles l on l.competition_id = s.competition_id and l.kind = 'league'
    where t.sport = 'football' and not t.is_national and not t.simulated
    order by t.id, s.key desc
    on conflict (slug) do update set names = excluded.names, parent_id = excluded.parent_id`);
}
