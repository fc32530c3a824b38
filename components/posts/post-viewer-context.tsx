'use client';
// Who is reading the posts, for the parts that depend on it (a 举报 link never shows on what the reader
// wrote). Set once by the feed from the server's session. Apart from post-viewer.tsx so a page that
// only provides it (an article's comments, whose thread loads later) ships none of the report button.
import { createContext, type ReactNode, useContext } from 'react';

const ViewerContext = createContext<number | null>(null);

export function PostViewerProvider({ viewerId, children }: { viewerId: number | null; children: ReactNode }) {
  return <ViewerContext.Provider value={viewerId}>{children}</ViewerContext.Provider>;
}

/** The reader's user id, or null for a guest. */
export const usePostViewer = () => useContext(ViewerContext);
