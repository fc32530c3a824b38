// Video uploads (spec §2 posts with a video): the real container from the file's own bytes (MP4's
// `ftyp` box or WebM's EBML header), then ffmpeg reads duration and size and cuts a JPEG poster
// frame. ffprobe is not always installed beside ffmpeg, so the probe reads `ffmpeg -i`'s report.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { DomainError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import { findFfmpeg } from '@/lib/media/ffmpeg';

const run = promisify(execFile);
const MB = 1024 * 1024;

/** Spec §9: videos under 50 MB. */
export const MAX_VIDEO_BYTES = 50 * MB;
export const MAX_VIDEO_SECONDS = 10 * 60;
/** ffmpeg on a hostile file must not hold a request forever. */
const FFMPEG_TIMEOUT_MS = 60_000;

export type VideoContainer = 'mp4' | 'webm';

export type ProcessedVideo = {
  extension: VideoContainer;
  contentType: string;
  width: number;
  height: number;
  durationS: number;
  poster: Buffer;
};

/** The container a file really is, from its first bytes; null for anything else. */
export function videoContainerOf(bytes: Buffer): VideoContainer | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

/** Duration and frame size from ffmpeg's own description of its input. */
export function parseFfmpegReport(report: string) {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  const size = /Stream #[^\n]*Video:[^\n]*?, (\d{2,5})x(\d{2,5})[ ,\n]/.exec(report);
  if (!duration || !size) return null;
  return {
    durationS: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    width: Number(size[1]),
    height: Number(size[2]),
  };
}

export async function processVideo(bytes: Buffer): Promise<ProcessedVideo> {
  if (bytes.length === 0) throw new DomainError('UPLOAD_EMPTY');
  if (bytes.length > MAX_VIDEO_BYTES) {
    throw new DomainError('UPLOAD_TOO_LARGE', { values: { mb: MAX_VIDEO_BYTES / MB }, status: 413 });
  }
  const container = videoContainerOf(bytes);
  if (!container) throw new DomainError('UPLOAD_NOT_VIDEO');
  const ffmpeg = findFfmpeg(getConfig().FFMPEG_PATH);
  if (!ffmpeg) throw new DomainError('VIDEO_UNAVAILABLE', { status: 503 });

  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'video-'));
  try {
    const input = path.join(folder, `input.${container}`);
    await fs.writeFile(input, bytes);
    // `ffmpeg -i` alone always exits 1 ("no output"); its report on stderr is what we want.
    const report = await run(ffmpeg, ['-hide_banner', '-i', input], { timeout: FFMPEG_TIMEOUT_MS }).then(
      (result) => result.stderr,
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    const probed = parseFfmpegReport(report);
    if (!probed || probed.durationS <= 0) throw new DomainError('UPLOAD_NOT_VIDEO');
    if (probed.durationS > MAX_VIDEO_SECONDS) {
      throw new DomainError('VIDEO_TOO_LONG', { values: { minutes: MAX_VIDEO_SECONDS / 60 } });
    }
    const frame = path.join(folder, 'poster.jpg');
    const at = Math.min(1, probed.durationS / 2).toFixed(2);
    await run(
      ffmpeg,
      ['-hide_banner', '-loglevel', 'error', '-ss', at, '-i', input, '-frames:v', '1', '-y', frame],
      { timeout: FFMPEG_TIMEOUT_MS },
    ).catch(() => {
      throw new DomainError('UPLOAD_NOT_VIDEO');
    });
    const poster = await sharp(await fs.readFile(frame))
      .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return {
      extension: container,
      contentType: container === 'mp4' ? 'video/mp4' : 'video/webm',
      width: probed.width,
      height: probed.height,
      durationS: Math.round(probed.durationS * 10) / 10,
      poster,
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
