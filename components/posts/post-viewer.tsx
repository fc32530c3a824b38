'use client';
// Who is reading the room's posts, for the parts that depend on it (a 举报 link never shows on what
// the reader wrote). Set once by the feed from the server's session.
import { createContext, type ReactNode, useContext } from 'react';
import { ReportButton } from '@/components/live/report-button';

const ViewerContext = createContext<number | null>(null);

export function PostViewerProvider({ viewerId, children }: { viewerId: number | null; children: ReactNode }) {
  return <ViewerContext.Provider value={viewerId}>{children}</ViewerContext.Provider>;
}

/** 举报 for a post or a comment by someone else; guests get the login dialog. */
export function ContentReportButton({
  targetType,
  targetId,
  authorId,
}: {
  targetType: 'post' | 'comment';
  targetId: number;
  authorId: number;
}) {
  const viewerId = useContext(ViewerContext);
  if (viewerId === authorId) return null;
  return (
    <ReportButton
      targetType={targetType}
      targetId={targetId}
      signedIn={viewerId !== null}
      className="ml-auto inline-flex h-6 items-center gap-1 rounded px-1.5 text-xs text-ink-500 hover:text-live [&_svg]:size-3.5"
    />
  );
}
