// The HLS packager of one broadcast: ffmpeg copies the RTMP stream (no re-encoding) into a rolling
// live playlist (2 s segments, six kept) and a growing recording that becomes the replay.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

export const LIVE_PLAYLIST = 'live/index.m3u8';
export const REPLAY_PLAYLIST = 'vod/index.m3u8';

export type Packager = {
  /** Waits for ffmpeg to finish on its own (end of stream), then stops it harder; finalises the replay. */
  stop: (graceMs?: number) => Promise<{ replay: boolean }>;
};

type Options = {
  ffmpeg: string;
  input: string;
  dir: string;
  onExit?: (code: number | null) => void;
  /** false: the live playlist only, no recording (the demo rooms' endless loops keep no replay). */
  record?: boolean;
};

function hlsOutput(file: string, segment: string, flags: string[]) {
  return [
    '-map',
    '0',
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    '2',
    ...flags,
    '-hls_segment_filename',
    segment,
    file,
  ];
}

export async function startPackager({
  ffmpeg,
  input,
  dir,
  onExit,
  record = true,
}: Options): Promise<Packager> {
  await fs.mkdir(path.join(dir, 'live'), { recursive: true });
  await fs.mkdir(path.join(dir, 'vod'), { recursive: true });
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    // A stuck RTMP read would otherwise hang forever (and ignore SIGTERM).
    '-rw_timeout',
    '10000000',
    '-i',
    input,
    ...hlsOutput(path.join(dir, LIVE_PLAYLIST), path.join(dir, 'live', 's%d.ts'), [
      '-hls_list_size',
      '6',
      '-hls_flags',
      'delete_segments+independent_segments+omit_endlist',
    ]),
    ...(record
      ? hlsOutput(path.join(dir, REPLAY_PLAYLIST), path.join(dir, 'vod', 'r%d.ts'), [
          '-hls_list_size',
          '0',
          '-hls_playlist_type',
          'event',
          '-hls_flags',
          'independent_segments',
        ])
      : []),
  ];
  const child: ChildProcess = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      onExit?.(code);
      resolve(code);
    });
    child.on('error', () => resolve(-1));
  });
  const stop = async (graceMs = 4000) => {
    const within = (ms: number) =>
      Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    // The push ended: ffmpeg sees the end of the stream and exits by itself, writing the last segment.
    if (!(await within(graceMs))) {
      child.kill('SIGTERM');
      if (!(await within(3000))) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await fs.rm(path.join(dir, 'live'), { recursive: true, force: true });
    return { replay: await finaliseReplay(path.join(dir, REPLAY_PLAYLIST)) };
  };

  return { stop, stderr: () => stderr } as Packager & { stderr: () => string };
}

/** A replay playlist is complete (VOD, with its end marker) when it has at least one segment. */
export async function finaliseReplay(playlist: string) {
  const text = await fs.readFile(playlist, 'utf8').catch(() => '');
  if (!text.includes('#EXTINF')) return false;
  let fixed = text.replace('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-PLAYLIST-TYPE:VOD');
  if (!fixed.includes('#EXT-X-ENDLIST')) fixed = `${fixed.trimEnd()}\n#EXT-X-ENDLIST\n`;
  if (fixed !== text) await fs.writeFile(playlist, fixed);
  return true;
}
