// One community post in a list: who, when, in which circle, the text (plain text, never HTML), its
// media, and its likes and comments; the text and the comment count lead to the post's page.
import { MessageSquare } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { LikeButton } from '@/components/posts/like-button';
import { LikeIcon } from '@/components/posts/like-icon';
import { PostMedia } from '@/components/posts/post-media';
import type { PostItem } from '@/components/posts/types';
import { LocalTime } from '@/components/ui/local-time';
import { Link } from '@/lib/i18n/navigation';

export type CirclePostItem = PostItem & { circle: { id: number; name: string } };

export function CirclePostCard({ post }: { post: CirclePostItem }) {
  const t = useTranslations('circle');
  const href = `/circle-detail?id=${post.id}`;
  return (
    <article className="flex gap-3 px-5 py-4" data-testid="circle-post" data-post-id={post.id}>
      <img
        src={post.author.avatar}
        alt=""
        width={40}
        height={40}
        className="size-10 shrink-0 rounded-full border border-line bg-canvas"
      />
      <div className="min-w-0 flex-1 space-y-2.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium text-ink-900">{post.author.nickname}</span>
          <Link
            href={`/circle?circle=${post.circle.id}`}
            className="rounded bg-brand-50 px-1.5 text-xs leading-5 text-brand-600 hover:bg-brand-100"
          >
            {post.circle.name}
          </Link>
          <LocalTime at={post.created_at} style="dateTime" className="text-xs text-ink-500 tabular-nums" />
        </p>
        <Link href={href} className="block hover:text-brand-700">
          <p
            className="line-clamp-6 whitespace-pre-wrap break-words text-sm leading-6 text-ink-900"
            data-testid="circle-post-text"
          >
            {post.content}
          </p>
        </Link>
        <PostMedia post={post} />
        <div className="flex items-center gap-5 text-sm text-ink-500">
          <LikeButton
            path="api/anchor_dynamics_user/likes"
            id={post.id}
            initial={{ liked: post.liked, likes: post.likes }}
            icon={<LikeIcon />}
            testId="circle-post-like"
          />
          <Link href={href} className="inline-flex items-center gap-1.5 tabular-nums hover:text-brand-600">
            <MessageSquare aria-hidden className="size-4" />
            <span className="sr-only">{t('comments')}</span>
            {post.comments}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The review state of an own post (spec §4), with the reason of a refusal. */
export function ReviewBadge({ review }: { review: PostItem['review'] }) {
  const t = useTranslations('circle');
  // Taken down by staff after it was shown: its author sees it marked removed (others see a tombstone).
  const status = review.removed ? 'removed' : review.status;
  const tone =
    review.status === 'approved'
      ? 'bg-canvas text-win'
      : review.status === 'pending'
        ? 'bg-brand-50 text-brand-700'
        : 'bg-canvas text-live';
  return (
    <span
      className={`rounded px-1.5 text-xs leading-5 ${tone}`}
      data-testid="review-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}
