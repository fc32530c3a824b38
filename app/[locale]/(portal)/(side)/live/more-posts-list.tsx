// Cards of the pages loaded after the first, rendered in the browser.
import type { PostItem } from '@/components/posts/types';
import { PostCard } from './post-card';

export default function MorePostsList({ posts, viewerId }: { posts: PostItem[]; viewerId: number | null }) {
  return (
    <ul className="divide-y divide-line border-t border-line">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} viewerId={viewerId} />
        </li>
      ))}
    </ul>
  );
}
