// Demo anchors for a fresh install that feels alive (issue 43): eight anchors across football,
// basketball, e-sports and a custom category, each with an avatar, a room with a cover, a title, an
// announcement and a reserved live ahead. The first rooms of `DEMO_STREAM_ORDER` are the ones the portal
// keeps on air with a looping demo video (lib/demo/streams.ts). Every account is marked `demo`.
// Idempotent: what exists is left as it is.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import type { Db } from '@/lib/db';
import { createReservation } from '@/lib/live/reservations';
import { customCategories, liveRooms, reservedLives } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { posts } from '@/lib/posts/schema';
import { createPost } from '@/lib/posts/service';
import { storage } from '@/lib/storage';
import { processImage } from '@/lib/storage/images';
import { uploads } from '@/lib/storage/schema';

/** The custom categories demo rooms use; removed with the demo when no other room uses them. */
export const DEMO_CUSTOM_CATEGORIES = {
  esports: { 'zh-CN': '电子竞技', 'zh-TW': '電子競技', en: 'E-sports', vi: 'Thể thao điện tử' },
  talk: { 'zh-CN': '体育闲聊', 'zh-TW': '體育閒聊', en: 'Sports talk', vi: 'Trò chuyện thể thao' },
} as const;

type DemoAnchor = {
  mobile: string;
  nickname: string;
  category: 'football' | 'basketball' | keyof typeof DEMO_CUSTOM_CATEGORIES;
  title: string;
  placard: string;
  /** Background of the avatar and the cover. */
  color: string;
};

/** The first is the README's demo anchor (13800000002, seeded with the other demo accounts). */
export const DEMO_ANCHORS: DemoAnchor[] = [
  {
    mobile: '13800000002',
    nickname: '解说老李',
    category: 'football',
    title: '解说老李的足球直播间',
    placard: '演示直播间：重播真实比赛，进球实时弹出',
    color: '#2e7d32',
  },
  {
    mobile: '13800000021',
    nickname: '篮球阿飞',
    category: 'basketball',
    title: '阿飞聊篮球 · 模拟联赛实况',
    placard: '演示直播间：模拟篮球联赛，比分实时更新',
    color: '#b5651d',
  },
  {
    mobile: '13800000022',
    nickname: '电竞小鹿',
    category: 'esports',
    title: '小鹿电竞台 · 模拟电竞杯',
    placard: '演示直播间：模拟电竞杯，三局两胜',
    color: '#1a237e',
  },
  {
    mobile: '13800000023',
    nickname: '球评大刘',
    category: 'football',
    title: '大刘说球 · 英超重播',
    placard: '每晚八点聊英超，欢迎来唠',
    color: '#1b5e20',
  },
  {
    mobile: '13800000024',
    nickname: '战术板小周',
    category: 'football',
    title: '战术板 · 世界杯经典重播',
    placard: '画战术板讲阵型，弹幕提问有问必答',
    color: '#004d40',
  },
  {
    mobile: '13800000025',
    nickname: '篮下老王',
    category: 'basketball',
    title: '老王的篮下时间',
    placard: '篮球技术流，周末不见不散',
    color: '#e65100',
  },
  {
    mobile: '13800000026',
    nickname: '峡谷阿杰',
    category: 'esports',
    title: '阿杰的峡谷复盘',
    placard: '电竞复盘，每局关键团战拆给你看',
    color: '#4a148c',
  },
  {
    mobile: '13800000027',
    nickname: '体育圈小美',
    category: 'talk',
    title: '小美的体育圈闲聊',
    placard: '聊赛事、聊球星、聊八卦，轻松一刻',
    color: '#ad1457',
  },
];

const PASSWORD = 'demo123456';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.codePointAt(0)};`);

/** An SVG drawn by sharp: the nickname's first character on the anchor's colour. */
async function avatarImage(anchor: DemoAnchor) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${anchor.color}"/><text x="128" y="168" font-size="120" font-family="Noto Sans CJK SC, sans-serif" fill="white" text-anchor="middle">${escapeXml([...anchor.nickname][0]!)}</text></svg>`;
  return processImage('avatar', await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A 135:76 cover: the room's title and the words "演示 DEMO" on the anchor's colour. */
async function coverImage(anchor: DemoAnchor) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="608"><rect width="1080" height="608" fill="${anchor.color}"/><rect x="40" y="40" width="1000" height="528" fill="none" stroke="white" stroke-opacity="0.6" stroke-width="6"/><text x="540" y="300" font-size="64" font-family="Noto Sans CJK SC, sans-serif" fill="white" text-anchor="middle">${escapeXml(anchor.title)}</text><text x="540" y="400" font-size="40" font-family="Noto Sans CJK SC, sans-serif" fill="white" fill-opacity="0.8" text-anchor="middle">演示 DEMO</text></svg>`;
  return processImage('cover', await sharp(Buffer.from(svg)).png().toBuffer());
}

async function storeImage(
  db: Db,
  userId: number,
  purpose: 'avatar' | 'cover',
  image: Awaited<ReturnType<typeof processImage>>,
) {
  const key = `${purpose}/${randomBytes(16).toString('hex')}.${image.extension}`;
  const provider = storage();
  await provider.put(key, image.body, image.contentType);
  const url = provider.publicUrl(key);
  await db.insert(uploads).values({
    userId,
    purpose,
    key,
    url,
    bytes: image.body.length,
    width: image.width,
    height: image.height,
  });
  return url;
}

async function customCategoryId(db: Db, names: Record<string, string>, sort: number) {
  const rows = await db.select().from(customCategories);
  const found = rows.find((row) => row.names['zh-CN'] === names['zh-CN']);
  if (found) return found.id;
  const [row] = await db.insert(customCategories).values({ names, sort }).returning();
  return row!.id;
}

/** The demo anchors, their rooms and a reserved live each; `now` dates the reservations. */
export async function seedDemoAnchors(db: Db, now: Date) {
  const categories = {
    esports: await customCategoryId(db, DEMO_CUSTOM_CATEGORIES.esports, 1),
    talk: await customCategoryId(db, DEMO_CUSTOM_CATEGORIES.talk, 2),
  };
  const passwordHash = await hashPassword(PASSWORD);
  for (const [index, anchor] of DEMO_ANCHORS.entries()) {
    await db
      .insert(users)
      .values({
        countryCode: '86',
        mobile: anchor.mobile,
        passwordHash,
        nickname: anchor.nickname,
        isAnchor: true,
        demo: true,
      })
      .onConflictDoNothing();
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.countryCode, '86'), eq(users.mobile, anchor.mobile)));
    if (!user?.demo) continue;
    if (!user.avatar) {
      const avatar = await storeImage(db, user.id, 'avatar', await avatarImage(anchor));
      await db.update(users).set({ avatar }).where(eq(users.id, user.id));
    }
    const room = await ensureRoom(db, user.id, { title: anchor.title });
    if (!room.coverUrl) {
      const custom =
        anchor.category === 'football' || anchor.category === 'basketball'
          ? null
          : categories[anchor.category];
      await db
        .update(liveRooms)
        .set({
          title: anchor.title,
          placard: anchor.placard,
          coverUrl: await storeImage(db, user.id, 'cover', await coverImage(anchor)),
          category: custom === null ? (anchor.category as 'football' | 'basketball') : 'custom',
          customCategoryId: custom,
        })
        .where(eq(liveRooms.id, room.id));
    }
    const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, user.id)).limit(1);
    if (!post)
      await createPost(
        db,
        user.id,
        {
          content: `【演示】${anchor.placard}。这是演示账号发的动态，演示数据可用 npm run seed -- --remove-demo 一键移除。`,
          images: [],
        },
        { now: new Date(now.getTime() - (index + 1) * 600_000) },
      );
    const [reserved] = await db
      .select({ id: reservedLives.id })
      .from(reservedLives)
      .where(and(eq(reservedLives.roomId, room.id), isNull(reservedLives.deletedAt)));
    if (!reserved) {
      // Tomorrow or the day after, at a round hour: a preview on the schedule and in the room.
      const day = Math.floor(now.getTime() / 86_400_000) + 1 + (index % 2);
      const startsAt = new Date(day * 86_400_000 + (11 + (index % 4) * 2) * 3_600_000);
      await createReservation(
        db,
        user.id,
        { title: `${anchor.nickname}：${anchor.title}`.slice(0, 60), startsAt },
        now,
      );
    }
  }
}

/** The demo anchors' ids in the order their rooms go on air. */
export async function demoAnchorIds(db: Db) {
  const rows = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(
      and(
        inArray(
          users.mobile,
          DEMO_ANCHORS.map((anchor) => anchor.mobile),
        ),
        eq(users.demo, true),
      ),
    );
  const byMobile = new Map(rows.map((row) => [row.mobile, row.id]));
  return DEMO_ANCHORS.flatMap((anchor) => {
    const id = byMobile.get(anchor.mobile);
    return id === undefined ? [] : [id];
  });
}
