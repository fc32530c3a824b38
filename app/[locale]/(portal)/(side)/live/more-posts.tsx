'use client';
// "Load more" under the first page: fetches the next pages; their cards' code loads with the first.
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PostItem, PostPage } from '@/components/posts/types';

const MorePostsList = dynamic(() => import('./more-posts-list'), { ssr: false });

export function MorePosts({
  anchorId,
  viewerId,
  size,
  shownIds,
  total: initialTotal,
}: {
  anchorId: number;
  viewerId: number | null;
  size: number;
  shownIds: number[];
  total: number;
}) {
  const t = useTranslations('posts');
  const [extra, setExtra] = useState<PostItem[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(initialTotal);
  const [loading, setLoading] = useState(false);

  const loadMore = async () => {
    setLoading(true);
    try {
      const { api } = await import('@/lib/http/client');
      const next = await api.get<PostPage>('api/anchor_dynamics/userPostList', {
        uid: anchorId,
        page: page + 1,
        size,
      });
      setExtra((current) => [
        ...current,
        ...next.list.filter(
          (post) => !shownIds.includes(post.id) && !current.some((seen) => seen.id === post.id),
        ),
      ]);
      setTotal(next.total);
      setPage(page + 1);
    } catch {
      // The shared client already showed why.
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      {extra.length ? <MorePostsList posts={extra} viewerId={viewerId} /> : null}
      {shownIds.length + extra.length < total ? (
        <div className="border-t border-line p-3 text-center">
          <button
            type="button"
            onClick={loadMore}
            disabled={loading}
            className="h-8 rounded-md px-3 text-sm text-ink-700 hover:bg-canvas hover:text-brand-600"
          >
            {loading ? t('loading') : t('loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
