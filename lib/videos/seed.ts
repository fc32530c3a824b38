// Demo videos on a fresh install, made on the spot: a few seconds of ffmpeg's own test sources (colour
// bars, moving test cards, a cellular automaton) with a tone, published by the demo anchor. Nothing is
// downloaded and nothing pretends to be a match: the titles say what they are, and no view is counted.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { getConfig } from '@/lib/config';
import type { Db } from '@/lib/db';
import { renderDemoStream } from '@/lib/demo/render';
import { log } from '@/lib/log';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { storage } from '@/lib/storage';
import { uploads } from '@/lib/storage/schema';
import { processVideo } from '@/lib/storage/videos';
import { seedVideoCategories } from './categories';
import { videoCategories, videos } from './schema';
import { publishUpload } from './service';

const run = promisify(execFile);
const CLIP_SECONDS = 6;

/** Each clip: an ffmpeg lavfi source, a tone, and an honest title and description. */
export const DEMO_CLIPS = [
  {
    source: 'smptehdbars=size=640x360:rate=25',
    tone: 440,
    category: 'training',
    title: '演示视频 · 彩条与 440 Hz 校准音',
    description: '播放器演示：ffmpeg 生成的 SMPTE 彩条和校准音，用来检查画面和声音。',
  },
  {
    source: 'testsrc2=size=640x360:rate=25',
    tone: 660,
    category: 'training',
    title: '演示视频 · 动态测试卡',
    description: '播放器演示：ffmpeg 生成的动态测试卡，带计时器，用来检查拖动和流畅度。',
  },
  {
    source: 'cellauto=size=640x360:rate=25:rule=110',
    tone: 330,
    category: 'highlights',
    title: '演示视频 · 元胞自动机（规则 110）',
    description: '播放器演示：一维元胞自动机规则 110，ffmpeg 现场生成。',
  },
  {
    source: 'rgbtestsrc=size=640x360:rate=25',
    tone: 550,
    category: 'tactics',
    title: '演示视频 · 三原色测试图',
    description: '播放器演示：红绿蓝测试图，用来检查颜色。',
  },
] as const;

/** Demo videos for the demo anchor, once; skipped (with a warning) when ffmpeg is missing. */
export async function seedDemoVideos(db: Db, anchorMobile: string, now: Date) {
  await seedVideoCategories(db);
  const [anchor] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, anchorMobile));
  if (!anchor) return 0;
  const [existing] = await db
    .select({ value: count() })
    .from(videos)
    .where(and(eq(videos.authorId, anchor.id), eq(videos.kind, 'file')));
  if ((existing?.value ?? 0) > 0) return 0;
  const ffmpeg = findFfmpeg(getConfig().FFMPEG_PATH);
  if (!ffmpeg) {
    log.warn('ffmpeg not found: the demo videos are not made');
    return 0;
  }
  const started = performance.now();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-videos-'));
  try {
    let made = 0;
    for (const [index, clip] of DEMO_CLIPS.entries()) {
      const file = path.join(folder, `${index}.mp4`);
      await run(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error'],
        ...['-f', 'lavfi', '-i', clip.source],
        ...['-f', 'lavfi', '-i', `sine=frequency=${clip.tone}:duration=${CLIP_SECONDS}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'],
        ...['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-t', String(CLIP_SECONDS), '-y', file],
      ]);
      // Oldest first, a minute apart, so "newest" lists them in a stable order.
      const at = new Date(now.getTime() - (DEMO_CLIPS.length - index) * 60_000);
      await publishClip(db, anchor.id, file, clip, at);
      made += 1;
    }
    log.info({ videos: made, ms: Math.round(performance.now() - started) }, 'demo videos made with ffmpeg');
    return made;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Stores a made clip (with its poster frame) as the anchor's upload and publishes it as a video. */
async function publishClip(
  db: Db,
  authorId: number,
  file: string,
  clip: { title: string; description: string; category: string },
  at: Date,
) {
  const bytes = await fs.readFile(file);
  const video = await processVideo(bytes);
  const id = randomBytes(16).toString('hex');
  const key = `video/${id}.mp4`;
  const posterKey = `video/${id}.jpg`;
  const provider = storage();
  await provider.put(posterKey, video.poster, 'image/jpeg');
  await provider.put(key, bytes, video.contentType);
  const [upload] = await db
    .insert(uploads)
    .values({
      userId: authorId,
      purpose: 'video',
      key,
      url: provider.publicUrl(key),
      bytes: bytes.length,
      width: video.width,
      height: video.height,
      durationS: video.durationS,
      posterUrl: provider.publicUrl(posterKey),
    })
    .returning();
  const [category] = await db
    .select({ id: videoCategories.id })
    .from(videoCategories)
    .where(eq(videoCategories.slug, clip.category));
  await publishUpload(
    db,
    authorId,
    { title: clip.title, description: clip.description, categoryId: category!.id, video: upload!.url },
    at,
  );
}

/** Clips cut (copied, no encoding) from the demo rooms' looping renders, one per sport, by that sport's anchor. */
export const DEMO_STREAM_CLIPS = [
  {
    sport: 'football',
    category: 'football',
    title: '演示视频 · 足球演示直播片段',
    description: '演示直播间的画面片段：ffmpeg 画出的球场与计时器，不是真实比赛。',
  },
  {
    sport: 'basketball',
    category: 'basketball',
    title: '演示视频 · 篮球演示直播片段',
    description: '演示直播间的画面片段：ffmpeg 画出的球场与计时器，不是真实比赛。',
  },
  {
    sport: 'esports',
    category: 'esports',
    title: '演示视频 · 电竞演示直播片段',
    description: '演示直播间的画面片段：ffmpeg 画出的小地图与计时器，不是真实比赛。',
  },
] as const;

/** `authors`: the anchor of each clip, in DEMO_STREAM_CLIPS' order; an author with videos is skipped. */
export async function seedDemoStreamClips(db: Db, authors: number[], now: Date) {
  const ffmpeg = findFfmpeg(getConfig().FFMPEG_PATH);
  if (!ffmpeg) return 0;
  await seedVideoCategories(db);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-clips-'));
  let made = 0;
  try {
    for (const [index, clip] of DEMO_STREAM_CLIPS.entries()) {
      const authorId = authors[index];
      if (authorId === undefined) continue;
      const [existing] = await db
        .select({ value: count() })
        .from(videos)
        .where(and(eq(videos.authorId, authorId), eq(videos.kind, 'file')));
      if ((existing?.value ?? 0) > 0) continue;
      const source = await renderDemoStream(ffmpeg, getConfig().DATA_DIR, clip.sport);
      const file = path.join(folder, `${clip.sport}.mp4`);
      await run(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-i', source, '-t', '12', '-c', 'copy'],
        ...['-movflags', '+faststart', '-y', file],
      ]);
      await publishClip(db, authorId, file, clip, new Date(now.getTime() - (index + 1) * 90_000));
      made += 1;
    }
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
  return made;
}
