// Every TanStack Query key, from one place, so pushes and mutations invalidate the right caches.
export const queryKeys = {
  systemConfig: ['system', 'config'] as const,
  customerService: ['system', 'kefu'] as const,
  popups: ['system', 'popups'] as const,
  kickedRooms: ['live', 'kicked-rooms'] as const,
  liveRoom: (id: number) => ['live', 'room', id] as const,
  liveReplays: (id: number) => ['live', 'replays', id] as const,
};
