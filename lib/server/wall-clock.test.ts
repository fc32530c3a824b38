// Services take the time from their caller (a request's `c.var.now`, a job's turn, a test's fixed
// instant): a service that reads the wall clock itself makes its tests depend on the hour they run at
// (issue #10). This walks every source file under lib/ and fails on `Date.now()` or `new Date()` outside
// the composition points below, where the wall clock really is the input. The e2e suite reads none at all:
// the portal under test runs on a clock started at a fixed instant (CLOCK_START), tests take "now" from it
// (e2e/clock.ts), unique names come from random numbers and durations from `performance.now()`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from '@/lib/testing/source-files';

const ROOT = path.join(__dirname, '..');
const E2E = path.join(ROOT, '..', 'e2e');

/** Where reading the wall clock is the point, and why. */
const COMPOSITION_POINTS: Record<string, string> = {
  'api/app.ts': "the API's clock (`systemClock`): every request's `now` comes from here",
  'accounts/current-user.ts':
    "a page render's edge: the session is checked at the instant the page is asked for",
  'jobs/index.ts': 'the job scheduler: each turn of a job is given the instant it runs at',
  'seed/index.ts': 'the demo seed command: the data is seeded around the moment it is run',
  'media/server.ts': "the media server's process edge: publish and finish events arrive in real time",
  'realtime/socket-server.ts': "the socket layer's edge: heartbeats answer the server's real time",
  'realtime/client.ts': "the browser's socket client: heartbeats carry the browser's time",
  'http/client.ts': "the browser's HTTP client: retry back-off in real time",
  'storage/s3.ts': 'S3 request signing: the store checks signatures against real time',
  'rate-limits/index.ts':
    "rate-limiter-flexible reads Date.now() inside every store; the Postgres store's SQL uses the same " +
    'time so windows and expiries agree. Tests of limits set that time from their test clock with ' +
    "jest's fake Date (lib/testing/clock.ts `limiterTime`)",
  'chat/state-cache.ts': "a cache's staleness bound is real elapsed time (its clock is injectable)",
};

/** The code without its comments (a comment may well mention `new Date()`). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const WALL_CLOCK = /\bDate\.now\(\)|\bnew Date\(\s*\)/g;

it('no service under lib/ reads the wall clock outside the composition points', () => {
  const found: string[] = [];
  for (const file of sourceFiles(ROOT, ['testing'])) {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    if (COMPOSITION_POINTS[relative]) continue;
    found.push(...wallClockReads(file, `lib/${relative}`));
  }
  expect(found).toEqual([]);
});

/** `file:line: code` for each direct wall-clock read in `file`. */
function wallClockReads(file: string, name: string) {
  const found: string[] = [];
  code(readFileSync(file, 'utf8'))
    .split('\n')
    .forEach((line, index) => {
      if (WALL_CLOCK.test(line)) found.push(`${name}:${index + 1}: ${line.trim()}`);
      WALL_CLOCK.lastIndex = 0;
    });
  return found;
}

it('no e2e test or helper reads the wall clock', () => {
  const files = readdirSync(E2E).filter((name) => /\.tsx?$/.test(name));
  expect(files.length).toBeGreaterThan(10);
  expect(files.flatMap((name) => wallClockReads(path.join(E2E, name), `e2e/${name}`))).toEqual([]);
});

it('every composition point still reads the clock (the list holds no stale entry)', () => {
  for (const relative of Object.keys(COMPOSITION_POINTS)) {
    const text = code(readFileSync(path.join(ROOT, relative), 'utf8'));
    expect([relative, WALL_CLOCK.test(text)]).toEqual([relative, true]);
    WALL_CLOCK.lastIndex = 0;
  }
});
