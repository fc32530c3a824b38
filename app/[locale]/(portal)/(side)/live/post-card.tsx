// One streamer update: who and when, the text, images or video, then the like and comment
// controls, and 举报 unless the reader wrote it. Markup only (server-rendered for the first page,
// client-rendered for later pages).
import { MessageSquare } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { ContentReport } from '@/components/posts/content-report';
import { LikeIcon } from '@/components/posts/like-icon';
import { PostMedia } from '@/components/posts/post-media';
import type { PostItem } from '@/components/posts/types';
import { LocalTime } from '@/components/ui/local-time';
import { PostActions } from './post-actions';

/** `viewerId`: the reader's user id, or null for a guest. */
export function PostCard({ post, viewerId }: { post: PostItem; viewerId: number | null }) {
  const t = useTranslations('posts');
  return (
    <article className="flex gap-3 px-5 py-4" data-testid="post" data-post-id={post.id}>
      <img
        src={post.author.avatar}
        alt=""
        width={40}
        height={40}
        className="size-10 shrink-0 rounded-full border border-line bg-canvas"
      />
      <div className="min-w-0 flex-1 space-y-2.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="min-w-0 truncate font-medium text-ink-900" title={post.author.nickname}>
            {post.author.nickname}
          </span>
          <span className="shrink-0 whitespace-nowrap rounded bg-brand-50 px-1.5 text-xs leading-5 text-brand-600">
            {t('anchorBadge')}
          </span>
          <LocalTime
            at={post.created_at}
            style="dateTime"
            className="whitespace-nowrap text-xs text-ink-500 tabular-nums"
          />
          <ContentReport targetType="post" targetId={post.id} authorId={post.uid} viewerId={viewerId} />
        </p>
        {post.content ? (
          <p
            className="whitespace-pre-wrap break-words text-sm leading-6 text-ink-900"
            data-testid="post-text"
          >
            {post.content}
          </p>
        ) : null}
        <PostMedia post={post} />
        <PostActions
          postId={post.id}
          viewerId={viewerId}
          initial={{ liked: post.liked, likes: post.likes, comments: post.comments }}
          likeIcon={<LikeIcon />}
          commentIcon={<MessageSquare aria-hidden className="size-4" />}
        />
      </div>
    </article>
  );
}
