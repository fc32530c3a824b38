'use client';
// The anchor's posts on /live: the server's first page, then more pages on request.
import { Newspaper } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PostItem, PostPage } from '@/components/posts/types';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PostCard } from './post-card';

export function PostFeed({ anchorId, initial }: { anchorId: number; initial: PostPage }) {
  const t = useTranslations('posts');
  const [items, setItems] = useState<PostItem[]>(initial.list);
  const [total, setTotal] = useState(initial.total);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);

  const loadMore = async () => {
    setLoading(true);
    try {
      const { api } = await import('@/lib/http/client');
      const next = await api.get<PostPage>('api/anchor_dynamics/userPostList', {
        uid: anchorId,
        page: page + 1,
        size: initial.size,
      });
      setItems((current) => [
        ...current,
        ...next.list.filter((post) => !current.some((seen) => seen.id === post.id)),
      ]);
      setTotal(next.total);
      setPage(page + 1);
    } catch {
      // The shared client already showed why.
    } finally {
      setLoading(false);
    }
  };

  if (items.length === 0) {
    return (
      <div className="p-5">
        <EmptyState icon={Newspaper} title={t('empty')} hint={t('emptyHint')} />
      </div>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-line" data-testid="anchor-posts">
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {items.length < total ? (
        <div className="border-t border-line p-3 text-center">
          <Button type="button" variant="ghost" size="sm" onClick={loadMore} disabled={loading}>
            {loading ? t('loading') : t('loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
