// Who is reading a comment thread, for the parts that depend on it (a 举报 link never shows on what the
// reader wrote). Set by the thread's opener (post-comments.tsx, a post card's comment toggle) from the
// server's session. Apart from post-viewer.tsx so an opener ships none of the report button before the
// thread loads.
import { createContext, type ReactNode, useContext } from 'react';

const ViewerContext = createContext<number | null>(null);

export function PostViewerProvider({ viewerId, children }: { viewerId: number | null; children: ReactNode }) {
  return <ViewerContext.Provider value={viewerId}>{children}</ViewerContext.Provider>;
}

/** The reader's user id, or null for a guest. */
export const usePostViewer = () => useContext(ViewerContext);
