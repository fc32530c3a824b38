'use client';
// The anchor's recent posts in the anchor centre, each with its counts and a delete that asks first.
import { Newspaper, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { PostMedia } from '@/components/posts/post-media';
import type { PostItem } from '@/components/posts/types';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

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
  const format = useFormatter();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      const { api } = await import('@/lib/http/client');
      await api.post('api/anchor_dynamics/deletePost', { id: post.id });
      import('sonner').then(({ toast }) => toast.success(t('deleted')));
      router.refresh();
    } catch {
      setPending(false);
    }
  };
  return (
    <li className="flex gap-4 px-4 py-3" data-testid="own-post">
      <div className="min-w-0 flex-1 space-y-2">
        {post.content ? (
          <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm text-ink-900">{post.content}</p>
        ) : null}
        <PostMedia post={post} compact />
        <p className="flex gap-3 text-xs text-ink-500 tabular-nums">
          <time dateTime={post.created_at}>
            {format.dateTime(new Date(post.created_at), { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          <span>{t('stats', { likes: post.likes, comments: post.comments })}</span>
        </p>
      </div>
      <div className="shrink-0 self-start">
        {confirming ? (
          <div
            role="alertdialog"
            aria-labelledby={`delete-${post.id}`}
            className="w-64 space-y-2 rounded-md bg-brand-50 p-3"
          >
            <p id={`delete-${post.id}`} className="text-sm text-ink-900">
              {t('deleteConfirm')}
            </p>
            <div className="flex gap-2">
              <Button type="button" size="sm" onClick={remove} disabled={pending}>
                {t('delete')}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {t('cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t('delete')}
          </Button>
        )}
      </div>
    </li>
  );
}
