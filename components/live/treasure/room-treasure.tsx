'use client';
// The live room's strip under the stage: the open red envelopes to grab, and the buttons to send a
// red envelope or a global horn message and to open nobility.
import { HornDialog } from '@/components/horn/horn-dialog';
import { RoomNobility } from '@/components/nobility/room-nobility';
import { RoomRedEnvelopes, SendRedEnvelope } from './red-envelopes';

export function RoomTreasure({
  roomId,
  viewerId,
  className = '',
}: {
  roomId: number;
  viewerId: number | null;
  /** Where it stands on a phone (the room's 聊天 tab). */
  className?: string;
}) {
  return (
    <div
      className={`flex min-h-12 items-center gap-3 rounded-xl border border-line bg-surface px-4 py-1 ${className}`}
    >
      <RoomRedEnvelopes roomId={roomId} viewerId={viewerId} />
      <div className="ml-auto flex items-center gap-2">
        <SendRedEnvelope roomId={roomId} viewerId={viewerId} />
        <HornDialog viewerId={viewerId} />
        <RoomNobility viewerId={viewerId} />
      </div>
    </div>
  );
}
