// The demo rooms' looping video (issue 43), rendered once per sport with ffmpeg's own lavfi filters: a
// pitch, a court or a map drawn with drawbox, a moving ball, a scoreboard bar with the clock and the
// words 演示直播 / DEMO STREAM. Short, low bitrate, a keyframe every 2 s, so pushing it in a loop with
// `-c copy` costs next to nothing. Cached under DATA_DIR/demo: rendered once per install.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const DEMO_STREAM_SPORTS = ['football', 'basketball', 'esports'] as const;
export type DemoStreamSport = (typeof DEMO_STREAM_SPORTS)[number];

/** Seconds of one loop; a multiple of the 2 s keyframe interval, so the loop joins on a keyframe. */
export const DEMO_LOOP_SECONDS = 24;
const FPS = 15;
/** Bump when the drawing changes: a cached render of another version is rendered again. */
const VERSION = 2;

const CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
];

const LINE = 'white@0.9';
/** drawbox of an outline (t=3) or a filled box. */
const box = (
  x: number | string,
  y: number | string,
  w: number,
  h: number,
  color = LINE,
  t: number | 'fill' = 3,
) => `drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=${color}:t=${t}`;

const FIELDS: Record<DemoStreamSport, { background: string; label: string; lines: string[] }> = {
  football: {
    background: '0x2e7d32',
    label: '足球 FOOTBALL',
    lines: [
      box(20, 44, 600, 280),
      box(318, 44, 4, 280, LINE, 'fill'),
      box(20, 124, 70, 120),
      box(550, 124, 70, 120),
      box(290, 154, 60, 60),
    ],
  },
  basketball: {
    background: '0xb5651d',
    label: '篮球 BASKETBALL',
    lines: [
      box(20, 44, 600, 280),
      box(318, 44, 4, 280, LINE, 'fill'),
      box(20, 139, 110, 90),
      box(510, 139, 110, 90),
      box(295, 159, 50, 50),
      box(32, 176, 10, 16, 'orange', 'fill'),
      box(598, 176, 10, 16, 'orange', 'fill'),
    ],
  },
  esports: {
    background: '0x1a237e',
    label: '电竞 E-SPORTS',
    lines: [
      box(170, 44, 300, 280),
      box(180, 54, 40, 40, 'cyan@0.8', 'fill'),
      box(420, 274, 40, 40, 'red@0.8', 'fill'),
      box(316, 44, 8, 280, 'white@0.3', 'fill'),
      box(170, 180, 300, 8, 'white@0.3', 'fill'),
    ],
  },
};

function filter(sport: DemoStreamSport, font: string | null) {
  const field = FIELDS[sport];
  // Paths that close on themselves over one loop, so the loop has no jump.
  const ball =
    sport === 'esports'
      ? [
          box(
            `'310+120*sin(2*PI*t/${DEMO_LOOP_SECONDS})'`,
            `'176+110*sin(4*PI*t/${DEMO_LOOP_SECONDS})'`,
            12,
            12,
            'cyan',
            'fill',
          ),
          box(
            `'310-120*sin(2*PI*t/${DEMO_LOOP_SECONDS})'`,
            `'176+110*cos(2*PI*t/${DEMO_LOOP_SECONDS})'`,
            12,
            12,
            'red',
            'fill',
          ),
        ]
      : [
          box(
            `'314+260*sin(2*PI*t/${DEMO_LOOP_SECONDS})'`,
            `'178+100*sin(6*PI*t/${DEMO_LOOP_SECONDS})'`,
            12,
            12,
            sport === 'basketball' ? '0xff6f00' : 'white',
            'fill',
          ),
        ];
  const text = (value: string, x: string | number, y: string | number, size: number, extra = '') =>
    `drawtext=${font ? `fontfile=${font}:` : ''}text='${value}':x=${x}:y=${y}:fontsize=${size}:fontcolor=white${extra}`;
  // Without a CJK font the words are English only (drawtext would draw boxes for the Chinese).
  const latin = (chinese: string, english: string) => (font ? chinese : english);
  return [
    `[0:v]${[
      ...field.lines,
      ...ball,
      box(0, 0, 640, 34, 'black@0.7', 'fill'),
      // Centred: pages put their "live" badge in the top-left corner of the player.
      text(latin(field.label, field.label.replace(/^\S+ /, '')), '(w-tw)/2', 5, 20),
      text('%{pts\\:gmtime\\:0\\:%M\\\\\\:%S}', 560, 5, 20, ':fontcolor=yellow'),
      text(
        latin('演示直播 / DEMO STREAM', 'DEMO STREAM'),
        '(w-tw)/2',
        'h-34',
        22,
        ':box=1:boxcolor=black@0.5',
      ),
      'format=yuv420p',
    ].join(',')}[v]`,
  ].join(';');
}

export const demoStreamDir = (dataDir: string) => path.resolve(dataDir, 'demo', 'streams');
export const demoStreamFile = (dataDir: string, sport: DemoStreamSport) =>
  path.join(demoStreamDir(dataDir), `${sport}-v${VERSION}.mp4`);

/** The sport's loop, rendered the first time it is asked for (≈ 1 s of ffmpeg per sport here). */
export async function renderDemoStream(ffmpeg: string, dataDir: string, sport: DemoStreamSport) {
  const file = demoStreamFile(dataDir, sport);
  if (existsSync(file)) return file;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part.mp4`;
  const font = CJK_FONTS.find((candidate) => existsSync(candidate)) ?? null;
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=${FIELDS[sport].background}:size=640x360:rate=${FPS}`],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    ...[
      '-filter_complex',
      filter(sport, font),
      '-map',
      '[v]',
      '-map',
      '1:a',
      '-t',
      String(DEMO_LOOP_SECONDS),
    ],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '200k', '-maxrate', '250k', '-bufsize', '500k'],
    ...['-g', String(FPS * 2), '-keyint_min', String(FPS * 2), '-sc_threshold', '0'],
    ...['-c:a', 'aac', '-b:a', '32k', '-movflags', '+faststart', partial],
  ]);
  await fs.rename(partial, file);
  return file;
}
