'use client';
// Shows the server-rendered list first, then hands over to the live board, whose code loads after the
// page is interactive (it is not part of the first-load JS).
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { Board } from '@/lib/scores/board-schema';
import type { BoardParams } from './live-board';

const LiveBoard = lazy(() => import('./live-board'));

export function BoardSwap({
  children,
  ...props
}: {
  children: ReactNode;
  params: BoardParams;
  initial: Board;
  signedIn: boolean;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return children;
  return (
    <Suspense fallback={children}>
      <LiveBoard {...props} />
    </Suspense>
  );
}
