// The single way the server pushes (`publish`) and what it asks of the rooms, over the socket.io server
// that lib/realtime/socket-server.ts creates and `installGateway` makes reachable. Imports no domain, so
// any domain may push without a circle through lib/accounts.
import type { Server } from 'socket.io';
import { afterCommit } from '@/lib/db/after-commit';
import { metrics, setRealtimeStats } from '@/lib/ops/metrics';
import { type ServerMessage, serverMessageSchema } from './events';
import { PUSH_FRAME_MS, RoomFrames } from './frames';

type Holder = { __portalRealtime?: Server; __portalFrames?: RoomFrames };

/**
 * Makes the gateway reachable from code bundled separately (Next's API routes). `pushFrameMs`: how long
 * a room's gifts and chat lines are gathered into one push (lib/realtime/frames.ts); 0 sends each at
 * once (bench/chat-fanout.ts measures both).
 */
export function installGateway(io: Server, options: { pushFrameMs?: number } = {}) {
  const holder = globalThis as Holder;
  holder.__portalFrames?.flushAll();
  holder.__portalRealtime = io;
  holder.__portalFrames = new RoomFrames((room, message) => {
    metrics.pushes.inc({ target: 'room' });
    io.to(room).emit('message', message);
  }, options.pushFrameMs ?? PUSH_FRAME_MS);
  setRealtimeStats(() => localStats(io));
}

/** This node's open sockets and named rooms (a socket's own id-room is not counted), read at a scrape. */
function localStats(io: Server) {
  const sockets = io.sockets.sockets;
  let rooms = 0;
  for (const room of io.sockets.adapter.rooms.keys()) if (!sockets.has(room)) rooms += 1;
  return { sockets: sockets.size, rooms };
}

export type PushTarget = { room: string } | 'everyone';

/**
 * Pushes a message (a room's gifts and chat lines gathered per frame, lib/realtime/frames.ts) once the
 * transaction it is made in has committed (lib/db/after-commit.ts); silently does nothing in a process
 * without the realtime role.
 */
export function publish(target: PushTarget, message: ServerMessage) {
  const { __portalRealtime: io, __portalFrames: frames } = globalThis as Holder;
  if (!io || !frames) return false;
  const payload = serverMessageSchema.parse(message);
  afterCommit(() => {
    if (target === 'everyone') {
      metrics.pushes.inc({ target: 'everyone' });
      io.emit('message', payload);
    } else frames.publish(target.room, payload);
  });
  return true;
}

/** Sockets in a room on this node (the live room's online count). */
export function onlineIn(room: string) {
  return (globalThis as Holder).__portalRealtime?.sockets.adapter.rooms.get(room)?.size ?? 0;
}

/** Takes every socket of one room (e.g. a user's) out of another (a live room), on every node. */
export function leaveRoom(who: string, room: string) {
  (globalThis as Holder).__portalRealtime?.in(who).socketsLeave(room);
}

/** Signed-in users in a room (de-duplicated) and the number of guest sockets, on every node. */
export async function viewersIn(room: string) {
  const io = (globalThis as Holder).__portalRealtime;
  const sockets = io ? await io.in(room).fetchSockets() : [];
  const users = new Set<number>();
  let guests = 0;
  for (const socket of sockets) {
    const id = socket.data.userId as number | null | undefined;
    if (id) users.add(id);
    else guests += 1;
  }
  return { userIds: [...users], guests };
}
