'use client';
// The report button of posts and comments, which depends on who is reading (post-viewer-context.tsx).
import { ReportButton } from '@/components/live/report-button';
import { usePostViewer } from './post-viewer-context';

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
  const viewerId = usePostViewer();
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
