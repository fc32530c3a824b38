// The anchor's posts on /live: the first page as server markup with small interactive islands;
// later pages come from the API when asked for.
import { Newspaper } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { PostPage } from '@/components/posts/types';
import { EmptyState } from '@/components/ui/empty-state';
import { MorePosts } from './more-posts';
import { PostCard } from './post-card';

export function PostFeed({
  anchorId,
  viewerId,
  initial,
}: {
  anchorId: number;
  viewerId: number | null;
  initial: PostPage;
}) {
  const t = useTranslations('posts');
  if (initial.list.length === 0) {
    return (
      <div className="p-5">
        <EmptyState icon={Newspaper} title={t('empty')} hint={t('emptyHint')} />
      </div>
    );
  }
  return (
    <>
      <ul className="divide-y divide-line" data-testid="anchor-posts">
        {initial.list.map((post) => (
          <li key={post.id}>
            <PostCard post={post} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      {initial.list.length < initial.total ? (
        <MorePosts
          anchorId={anchorId}
          viewerId={viewerId}
          size={initial.size}
          shownIds={initial.list.map((post) => post.id)}
          total={initial.total}
        />
      ) : null}
    </>
  );
}
