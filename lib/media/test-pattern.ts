// An RTMP push of ffmpeg's test pattern (colour bars + a 440 Hz tone), as tests and benchmarks send
// to a room: H.264 in 4:2:0 (players misread 4:4:4), a keyframe every 2 s, AAC, in real time.
import { type ChildProcess, spawn } from 'node:child_process';

export type TestPush = { child: ChildProcess; exited: Promise<number | null> };

/** Bits of the burned-in clock: wall-clock milliseconds modulo 2^24 (wraps every 4.6 hours). */
export const CLOCK_BITS = 24;
/** Each bit is a 16×16 block (one H.264 macroblock, so it survives compression) in the top-left row. */
export const CLOCK_BLOCK = 16;

/**
 * Burns the wall clock at the moment each frame is made into its top row as black/white blocks,
 * so a viewer can read how old the frame on screen is. The frame times are the clock itself while
 * the blocks are drawn (RTCTIME in microseconds), then renumbered for the encoder.
 */
function clockFilter() {
  const width = CLOCK_BITS * CLOCK_BLOCK;
  const bit = `mod(floor(mod(floor(T*1000)\\,${2 ** CLOCK_BITS})/pow(2\\,floor(X/${CLOCK_BLOCK})))\\,2)`;
  return [
    '[0:v]settb=1/1000000,setpts=RTCTIME,split[frame][strip]',
    `[strip]crop=${width}:${CLOCK_BLOCK}:0:0,format=gray,geq=lum='255*${bit}'[clock]`,
    '[frame][clock]overlay=0:0,settb=1/25,setpts=N,format=yuv420p[v]',
  ].join(';');
}

/**
 * How long a push lasts that a test stops itself: longer than any test may take under CI's load (a
 * push that ran out would end the room and put its replay under the viewer being checked).
 */
export const UNTIL_STOPPED_S = 600;

export function pushTestPattern(
  ffmpeg: string,
  url: string,
  options: { size?: string; seconds?: number; preset?: 'ultrafast' | 'veryfast'; clock?: boolean } = {},
): TestPush {
  const duration = options.seconds ? `:duration=${options.seconds}` : '';
  const video = options.clock
    ? ['-filter_complex', clockFilter(), '-map', '[v]', '-map', '1:a']
    : ['-pix_fmt', 'yuv420p'];
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${options.size ?? '640x360'}:rate=25${duration}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440${duration}`],
      ...video,
      ...['-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-tune', 'zerolatency'],
      ...['-g', '50', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}
