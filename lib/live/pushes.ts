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
