// The report button of the comments in a thread, which depends on who is reading (post-viewer-context.tsx,
// set by the thread's opener from the server's session).
import { ContentReport } from './content-report';
import { usePostViewer } from './post-viewer-context';

/** 举报 for a comment by someone else; guests get the login dialog. */
export function ContentReportButton({
  targetType,
  targetId,
  authorId,
}: {
  targetType: 'post' | 'comment';
  targetId: number;
  authorId: number;
}) {
  const viewerId = usePostViewer();
  return (
    <ContentReport targetType={targetType} targetId={targetId} authorId={authorId} viewerId={viewerId} />
  );
}
