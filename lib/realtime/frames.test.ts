// The per-room frames of pushes, on a fake clock: a crowd's gifts and chat lines go out once per frame
// per room, in order, as one `batch` (alone: as themselves); other pushes flush the frame first; the
// browser's unpacking gives back exactly the messages, in order.
import { type ServerMessage, unpackMessages } from './events';
import { RoomFrames } from './frames';

function fakeClock() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  return {
    timers: {
      setTimeout: (run: () => void, ms: number) => {
        next += 1;
        timers.set(next, { at: now + ms, run });
        return next;
      },
      clearTimeout: (timer: unknown) => {
        timers.delete(timer as number);
      },
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at))
        if (timer.at <= now) {
          timers.delete(id);
          timer.run();
        }
    },
    pending: () => timers.size,
  };
}

const gift = (room: number, sendId: number, combo = 1): ServerMessage => ({
  type: 'gift',
  room_id: room,
  data: {
    send_id: sendId,
    gift_id: 1,
    gift_code: 'rose',
    gift_names: { 'zh-CN': '玫瑰', en: 'Rose' },
    tier: 'small',
    count: 1,
    combo,
    value: 1,
    sender: { id: 7, nickname: 'fan', avatar: '/a.png' },
    anchor_id: 2,
    anchor_income: 0,
  },
});
const chat = (room: number, id: number, badge?: string): ServerMessage => ({
  type: 'chat',
  room_id: room,
  data: {
    id,
    room_id: room,
    match_id: null,
    user_id: 7,
    nickname: 'fan',
    avatar: '/a.png',
    level: 3,
    is_anchor: false,
    role: null,
    content: `line ${id}`,
    created_at: '2026-06-15T12:00:00.000Z',
    ...(badge ? { badge_color: badge } : {}),
  },
});

function setup() {
  const clock = fakeClock();
  const sent: { room: string; message: ServerMessage }[] = [];
  const frames = new RoomFrames((room, message) => sent.push({ room, message }), 100, clock.timers);
  // What a browser in the room hands on, message by message.
  const received = (room: string) =>
    sent
      .filter((out) => out.room === room)
      .flatMap((out) => unpackMessages(JSON.parse(JSON.stringify(out.message))));
  return { clock, sent, frames, received };
}

it('gathers a room’s gifts and chat lines for one frame and sends them as one batch, in order', () => {
  const { clock, sent, frames, received } = setup();
  const published = [gift(1, 1, 1), chat(1, 10, 'gold'), gift(1, 2, 2), chat(1, 11), gift(1, 3, 3)];
  for (const message of published.slice(0, 3)) frames.publish('live:1', message);
  clock.advance(60);
  for (const message of published.slice(3)) frames.publish('live:1', message);
  expect(sent).toEqual([]);
  clock.advance(39);
  expect(sent).toEqual([]);
  clock.advance(1);
  expect(sent).toEqual([{ room: 'live:1', message: { type: 'batch', data: published } }]);
  // Unpacked, the browser gets exactly what single pushes carried: order, combos, badge colours.
  expect(received('live:1')).toEqual(published);
  expect(clock.pending()).toBe(0);
  // The next push opens a new frame.
  frames.publish('live:1', gift(1, 4, 4));
  clock.advance(100);
  expect(sent).toHaveLength(2);
});

it('keeps one frame per room: each room gets its own batch, a frame of one goes out as the message itself', () => {
  const { clock, sent, frames, received } = setup();
  frames.publish('live:1', gift(1, 1));
  frames.publish('live:2', chat(2, 20));
  frames.publish('live:1', chat(1, 21));
  expect(frames.waiting).toBe(2);
  clock.advance(100);
  expect(sent).toEqual([
    { room: 'live:1', message: { type: 'batch', data: [gift(1, 1), chat(1, 21)] } },
    { room: 'live:2', message: chat(2, 20) },
  ]);
  expect(received('live:2')).toEqual([chat(2, 20)]);
});

it('sends the waiting frame before any other push to the room, so nothing overtakes it', () => {
  const { clock, sent, frames, received } = setup();
  const deletion: ServerMessage = { type: 'chatDelete', room_id: 1, data: { id: 10 } };
  const heat: ServerMessage = { type: 'heatUpdate', room_id: 1, data: { heat: 5 } };
  frames.publish('live:1', chat(1, 10));
  frames.publish('live:1', gift(1, 1));
  frames.publish('live:1', deletion);
  frames.publish('live:1', heat);
  expect(received('live:1')).toEqual([chat(1, 10), gift(1, 1), deletion, heat]);
  expect(clock.pending()).toBe(0);
  clock.advance(100);
  expect(sent).toHaveLength(3);
  // A frame of 0 ms sends everything at once (the bench's "before").
  const direct: ServerMessage[] = [];
  const off = new RoomFrames((_, message) => direct.push(message), 0);
  off.publish('live:1', gift(1, 9));
  expect(direct).toEqual([gift(1, 9)]);
});

it('flushes every waiting frame at once (a node closing), and drops what does not parse when unpacking', () => {
  const { frames, sent } = setup();
  frames.publish('live:1', gift(1, 1));
  frames.publish('live:3', gift(3, 2));
  frames.flushAll();
  expect(sent.map((out) => out.room)).toEqual(['live:1', 'live:3']);
  expect(unpackMessages({ type: 'batch', data: [gift(1, 1), { type: 'nonsense' }, chat(1, 2)] })).toEqual([
    gift(1, 1),
    chat(1, 2),
  ]);
  expect(unpackMessages({ type: 'nope' })).toEqual([]);
});
