import { eq, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createDb } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { listConversations } from '@/lib/im/service';
import { listNews } from '@/lib/news/service';
import { listCirclePosts } from '@/lib/circles/service';
import { BUSY_MOBILE } from './year-fill';

async function main() {
  const server = await bootDatabase({ DATA_DIR: '.data/bench-year', EMBEDDED_PG_PORT: 55120, DATABASE_URL: undefined }, () => {});
  const { db, pool } = createDb(server.url.replace(/\/portal$/, '/year'), 2);
  const timings: string[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const plans: string[] = [];
  (pool as unknown as { query: unknown }).query = async (config: any, values?: unknown[]) => {
    const t = performance.now();
    const r = await query(config, values);
    const text = typeof config === 'string' ? config : config.text;
    if (/^\s*select/i.test(text) && process.env.PLANS) { const e: any = await query({ text: 'explain (analyze, buffers) ' + text, values: (typeof config === 'string' ? values : config.values) ?? values }); plans.push(e.rows.map((x: any) => x['QUERY PLAN']).join('\n')); }
    timings.push(`${(performance.now() - t).toFixed(1)} ms: ${(typeof config === 'string' ? config : config.text).slice(0, 120).replace(/\s+/g, ' ')}`);
    return r;
  };
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, BUSY_MOBILE));
  for (let i = 0; i < 1; i++) { timings.length = 0; const r = await listConversations(db, me!.id); console.log('convs', r.list.length); }
  console.log(timings.join('\n'));
  for (let i = 0; i < 1; i++) { timings.length = 0; await listNews(db, 'zh-CN', { page: 1, size: 20, now: new Date() }); }
  console.log(timings.join('\n'));
  for (let i = 0; i < 1; i++) { timings.length = 0; await listCirclePosts(db, { sort: 'new', page: 1, size: 20, now: new Date(), locale: 'zh-CN' }, null); }
  console.log(timings.join('\n'));
  console.log(plans.slice(-12).join('\n-----\n'));
  await pool.end();
  await server.stop();
}
main();
