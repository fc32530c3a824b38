// 举报 for a post or a comment by someone else (none on what the reader wrote); guests get the login
// dialog. Rendered by the server where the page knows the reader (a post card, a circle post), and by
// ./post-viewer.tsx in the browser's comment threads.
import { ReportButton } from '@/components/live/report-button';

export function ContentReport({
  targetType,
  targetId,
  authorId,
  viewerId,
}: {
  targetType: 'post' | 'comment';
  targetId: number;
  authorId: number;
  /** The reader's user id, or null for a guest. */
  viewerId: number | null;
}) {
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
