// The signed-in fan's own posts beside the list, each with its review state (spec §4) and, when
// refused, the reason; pending and refused posts are seen by their author only.
import { FileText } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type CirclePostItem, ReviewBadge } from '@/components/circles/circle-post-card';
import { ConfirmedDeleteButton } from '@/components/ui/confirmed-delete-button';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { useReadReason } from '@/components/ui/use-read-reason';
import { Link } from '@/lib/i18n/navigation';

export function OwnCirclePosts({ posts }: { posts: CirclePostItem[] }) {
  const t = useTranslations('circle');
  const readReason = useReadReason();
  const deleteTexts = {
    delete: t('delete'),
    confirm: t('confirmDelete'),
    cancel: t('cancel'),
    deleted: t('deleted'),
  };
  return (
    <section aria-labelledby="own-circle-posts" className="rounded-xl border border-line bg-surface">
      <h2 id="own-circle-posts" className="border-b border-line px-4 py-3 font-semibold text-ink-900">
        {t('myPosts')}
      </h2>
      {posts.length ? (
        <ul className="divide-y divide-line" data-testid="own-circle-posts">
          {posts.map((post) => (
            <li
              key={post.id}
              className="space-y-1.5 px-4 py-3"
              data-testid="own-circle-post"
              data-post-id={post.id}
            >
              <p className="flex items-center gap-2 text-xs text-ink-500">
                <ReviewBadge review={post.review} />
                <span className="truncate" title={post.circle.name}>
                  {post.circle.name}
                </span>
                <LocalTime at={post.created_at} style="monthDay" className="ml-auto shrink-0 tabular-nums" />
              </p>
              <Link
                href={`/circle-detail?id=${post.id}`}
                className="line-clamp-2 whitespace-pre-wrap break-words text-sm text-ink-900 hover:text-brand-600"
              >
                {post.content}
              </Link>
              {post.review.status === 'rejected' && post.review.reason ? (
                <p className="text-xs text-live" data-testid="review-reason">
                  {post.review.removed
                    ? t('removedNotice', { reason: readReason(post.review.reason) })
                    : t('reason', { reason: readReason(post.review.reason) })}
                </p>
              ) : null}
              <ConfirmedDeleteButton id={post.id} texts={deleteTexts} testId="circle-delete" />
            </li>
          ))}
        </ul>
      ) : (
        <div className="p-4">
          <EmptyState icon={FileText} title={t('myPostsEmpty')} />
        </div>
      )}
    </section>
  );
}
