'use client';
// The viewer list and its kick-out menu load after the anchor centre, keeping the member screens'
// first load free of them (the room's sockets are only known in the browser anyway).
import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

export const RoomViewersLoader = dynamic(
  () => import('./room-viewers-card').then((module) => module.RoomViewersCard),
  { ssr: false, loading: () => <Skeleton className="h-[214px] rounded-xl" /> },
);

export const ChatSettingsLoader = dynamic(
  () => import('./chat-settings-card').then((module) => module.ChatSettingsCard),
  { ssr: false, loading: () => <Skeleton className="h-[180px] rounded-xl" /> },
);

export const FanClubSettingsLoader = dynamic(
  () => import('./fan-club-settings-card').then((module) => module.FanClubSettingsCard),
  { ssr: false, loading: () => <Skeleton className="h-[186px] rounded-xl" /> },
);
