// An RTMP push of ffmpeg's test pattern (colour bars + a 440 Hz tone), as tests and benchmarks send
// to a room: H.264 in 4:2:0 (players misread 4:4:4), a keyframe every 2 s, AAC, in real time.
import { type ChildProcess, spawn } from 'node:child_process';

export type TestPush = { child: ChildProcess; exited: Promise<number | null> };

export function pushTestPattern(
  ffmpeg: string,
  url: string,
  options: { size?: string; seconds?: number; preset?: 'ultrafast' | 'veryfast' } = {},
): TestPush {
  const duration = options.seconds ? `:duration=${options.seconds}` : '';
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${options.size ?? '640x360'}:rate=25${duration}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440${duration}`],
      ...['-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-tune', 'zerolatency'],
      ...['-pix_fmt', 'yuv420p', '-g', '50', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}
