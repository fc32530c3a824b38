// Live-room pushes (spec §5): state changes go to everyone (lists and open rooms switch without a
// reload), heat to the room's viewers. Browsers refetch room info on them: the database is the truth.

import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';

export function announceStart(roomId: number, broadcastId: number) {
  publish('everyone', { type: 'startRoom', room_id: roomId, data: { broadcast_id: broadcastId } });
}

export function announceEnd(roomId: number, broadcastId: number | null, replay: string | null = null) {
  publish('everyone', { type: 'endRoom', room_id: roomId, data: { broadcast_id: broadcastId, replay } });
}

export function announceHeat(roomId: number, heat: number) {
  publish({ room: rooms.liveRoom(roomId) }, { type: 'heatUpdate', room_id: roomId, data: { heat } });
}

/** The room's title, announcement, cover, category or match changed: open rooms show it without a reload. */
export function announceRoomChange(roomId: number) {
  publish({ room: rooms.liveRoom(roomId) }, { type: 'roomUpdate', room_id: roomId });
}

/** Waits for a change to a room's settings, then tells its viewers. */
export async function thenAnnounce<T extends { room_id: number }>(change: Promise<T>) {
  const result = await change;
  announceRoomChange(result.room_id);
  return result;
}
