// The anchor's recent posts in the anchor centre, each with its counts and a delete that asks first (the
// delete is the client leaf components/ui/confirmed-delete-button.tsx).
import { Newspaper } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PostMedia } from '@/components/posts/post-media';
import type { PostItem } from '@/components/posts/types';
import { ConfirmedDeleteButton } from '@/components/ui/confirmed-delete-button';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';

export function OwnPosts({ posts }: { posts: PostItem[] }) {
  const t = useTranslations('posts');
  if (posts.length === 0) {
    return <EmptyState icon={Newspaper} title={t('noOwnPosts')} hint={t('noOwnPostsHint')} />;
  }
  return (
    <ul className="divide-y divide-line rounded-lg border border-line" data-testid="own-posts">
      {posts.map((post) => (
        <OwnPost key={post.id} post={post} />
      ))}
    </ul>
  );
}

function OwnPost({ post }: { post: PostItem }) {
  const t = useTranslations('posts');
  return (
    <li className="flex gap-4 px-4 py-3" data-testid="own-post">
      <div className="min-w-0 flex-1 space-y-2">
        {post.content ? (
          <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm text-ink-900">{post.content}</p>
        ) : null}
        <PostMedia post={post} compact />
        <p className="flex gap-3 text-xs text-ink-500 tabular-nums">
          <LocalTime at={post.created_at} style="dateTime" />
          <span>{t('stats', { likes: post.likes, comments: post.comments })}</span>
        </p>
      </div>
      <div className="shrink-0 self-start">
        <ConfirmedDeleteButton
          id={post.id}
          texts={{
            delete: t('delete'),
            confirm: t('deleteConfirm'),
            cancel: t('cancel'),
            deleted: t('deleted'),
          }}
          confirmClassName="w-64"
        />
      </div>
    </li>
  );
}
