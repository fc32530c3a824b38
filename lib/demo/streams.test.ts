// The demo pushers' supervisor (issue 43), with a fake spawn: it starts one pusher per room asked for
// (the room's fresh key in the push address, the loop rendered once), restarts one that dies, and stops
// them all — and starts no more — when the portal stops.
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { liveRooms } from '@/lib/live/schema';
import { streamKeyMatches } from '@/lib/live/service';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { seedDemoAccounts } from '@/lib/seed';
import { seedDemoAnchors } from '@/lib/seed/anchors';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { demoStreamFile } from './render';
import { startDemoStreams } from './streams';

withTemporaryStorage();
let testDb: TestDb;
let dataDir: string;
beforeAll(async () => {
  testDb = await createTestDb();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-streams-'));
  await seedDemoAccounts(testDb.db);
  await seedDemoAnchors(testDb.db, NOON);
}, 120_000);
afterAll(async () => {
  await testDb.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Fake = EventEmitter & { args: string[]; killed: boolean; signals: string[] };

function fakeSpawn() {
  const children: Fake[] = [];
  const spawn = (_command: string, args: string[]) => {
    const child = Object.assign(new EventEmitter(), { args, killed: false, signals: [] as string[] });
    Object.assign(child, {
      kill: (signal: string) => {
        child.signals.push(signal);
        if (!child.killed) {
          child.killed = true;
          setImmediate(() => child.emit('exit', null, signal));
        }
        return true;
      },
    });
    children.push(child);
    return child as unknown as ChildProcess;
  };
  return { spawn, children };
}

const until = async (check: () => boolean) => {
  for (let turn = 0; turn < 500 && !check(); turn += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

it('starts N pushers, restarts one that dies and stops them all with the portal', async () => {
  const ffmpeg = findFfmpeg();
  expect(ffmpeg).not.toBeNull();
  const { spawn, children } = fakeSpawn();
  const rooms: number[] = [];
  const streams = await startDemoStreams(testDb.db, {
    count: 3,
    ffmpeg: ffmpeg!,
    dataDir,
    rtmpHost: '127.0.0.1',
    rtmpPort: 19350,
    clock: () => NOON,
    spawn,
    restartMs: 10,
    onRoom: (roomId) => rooms.push(roomId),
  });
  expect(children).toHaveLength(3);
  expect(streams.running()).toBe(3);
  expect(streams.rooms()).toEqual(rooms);
  // Each pushes its sport's loop, copied, to its own room with the key it was just given.
  for (const [index, child] of children.entries()) {
    const url = child.args.at(-1)!;
    const match = /^rtmp:\/\/127\.0\.0\.1:19350\/live\/(\d+)\?key=(.+)$/.exec(url);
    expect(Number(match![1])).toBe(rooms[index]);
    const [room] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, rooms[index]!));
    expect(streamKeyMatches(room!.streamKeyHash, match![2])).toBe(true);
    expect(child.args).toEqual(expect.arrayContaining(['-stream_loop', '-1', '-c', 'copy']));
  }
  for (const sport of ['football', 'basketball', 'esports'] as const)
    expect(existsSync(demoStreamFile(dataDir, sport))).toBe(true);

  // One dies: it comes back.
  children[1]!.emit('exit', 1, null);
  await until(() => children.length === 4);
  expect(children[3]!.args.at(-1)).toBe(children[1]!.args.at(-1));

  await streams.stop();
  expect([children[0], children[2], children[3]].every((child) => child!.signals[0] === 'SIGTERM')).toBe(
    true,
  );
  expect(streams.running()).toBe(0);
  // Nothing starts again after the stop, even a pusher that "dies" now.
  children[3]!.emit('exit', 1, null);
  await new Promise((r) => setTimeout(r, 100));
  expect(children).toHaveLength(4);
}, 120_000);
