// Deterministic demo data, plus the real football data. Idempotent: running it again changes nothing
// that is already there.
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { seedCircles } from '@/lib/circles/seed';
import type { Db } from '@/lib/db';
import { seedDemoExperts } from '@/lib/experts/seed';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { log } from '@/lib/log';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { seedNewsCategories } from '@/lib/news/categories';
import { refreshDecidedReports, writeRecordReports } from '@/lib/news/reports';
import { seedDemoStreamClips, seedDemoVideos } from '@/lib/videos/seed';
import { demoAnchorIds, seedDemoAnchors } from './anchors';
import { seedDemoWallets } from './wallets';

/** Documented in the README; change them on any public install. */
export const DEMO_ACCOUNTS = [
  {
    key: 'user',
    inviteCode: 'DEMOUSER',
    mobile: '13800000001',
    password: 'demo123456',
    nickname: '球迷小王',
    isAnchor: false,
    role: 'user',
  },
  {
    key: 'anchor',
    inviteCode: 'DEMOSTAR',
    mobile: '13800000002',
    password: 'demo123456',
    nickname: '解说老李',
    isAnchor: true,
    role: 'user',
  },
  {
    key: 'operator',
    inviteCode: 'DEMOTEAM',
    mobile: '13800000003',
    password: 'demo123456',
    nickname: '运营小陈',
    isAnchor: false,
    role: 'operator',
  },
  {
    key: 'moderator',
    inviteCode: 'DEMOMODS',
    mobile: '13800000004',
    password: 'demo123456',
    nickname: '审核小周',
    isAnchor: false,
    role: 'moderator',
  },
  {
    key: 'finance',
    inviteCode: 'DEMOFUND',
    mobile: '13800000005',
    password: 'demo123456',
    nickname: '财务小林',
    isAnchor: false,
    role: 'finance',
  },
] as const;

const SEED_REPORTS = 60;

/** `now`: the instant the data is seeded around (the e2e setup passes the e2e server's clock). */
export async function seedDemoData(db: Db, now = new Date()) {
  await seedDemoAccounts(db);
  await seedDemoAnchors(db, now);
  await seedReportReasons(db);
  await seedDemoWallets(db);
  await seedFootballData(db, undefined, now);
  await seedNewsCategories(db);
  await seedCircles(db);
  // The freshest reports now; the background job writes the older ones a batch at a time.
  await writeRecordReports(db, now, SEED_REPORTS);
  // Reports an earlier version wrote without saying extra time or penalties (or with a cut title).
  await refreshDecidedReports(db);
  // Experts with graded plans on real past matches, through the experts' own services.
  await seedDemoExperts(db, DEMO_ACCOUNTS[2].mobile, now);
  // A few seconds of ffmpeg test sources per clip (≈ 1–2 s each here), so /video-list plays on a fresh install.
  await seedDemoVideos(db, DEMO_ACCOUNTS[1].mobile, now);
  // Clips of the demo rooms' own renders (football, basketball, e-sports), by anchors of those sports.
  const anchors = await demoAnchorIds(db);
  await seedDemoStreamClips(
    db,
    [anchors[3], anchors[1], anchors[2]].filter((id) => id !== undefined),
    now,
  );
}

/** The README's demo accounts, marked `demo` (lib/seed/remove.ts takes them away). */
export async function seedDemoAccounts(db: Db) {
  for (const account of DEMO_ACCOUNTS) {
    await db
      .insert(users)
      .values({
        countryCode: '86',
        mobile: account.mobile,
        passwordHash: await hashPassword(account.password),
        nickname: account.nickname,
        isAnchor: account.isAnchor,
        role: account.role,
        inviteCode: account.inviteCode,
        demo: true,
      })
      // Accounts seeded before invite codes (or the demo mark) existed get them; nothing else is overwritten.
      .onConflictDoUpdate({
        target: [users.countryCode, users.mobile],
        set: { inviteCode: sql`coalesce(${users.inviteCode}, excluded.invite_code)`, demo: true },
      });
  }
}

/** The real openfootball data (leagues, results, both World Cups); skipped with a warning when absent. */
export async function seedFootballData(db: Db, dir = defaultOpenfootballDir(), now = new Date()) {
  if (!existsSync(dir)) {
    log.warn({ dir }, 'openfootball data not found: set OPENFOOTBALL_DIR to import real football data');
    return [];
  }
  return importOpenfootball(db, dir, now);
}
