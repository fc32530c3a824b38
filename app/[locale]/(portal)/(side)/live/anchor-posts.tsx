// The room's "streamer updates" (spec §2): the anchor's posts, first page rendered here from the
// service; likes, comments and more pages are the client feed's.
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { toPostItem } from '@/components/posts/types';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { listAuthorPosts, POSTS_PAGE_SIZE } from '@/lib/posts/service';
import { PostFeed } from './post-feed';

export async function AnchorPosts({ anchorId }: { anchorId: number }) {
  const viewer = await currentUser();
  const [first, t, messages, locale] = await Promise.all([
    listAuthorPosts(getDb(), anchorId, { page: 1, size: POSTS_PAGE_SIZE }, viewer),
    getTranslations('posts'),
    getMessages(),
    getLocale(),
  ]);
  return (
    <section aria-labelledby="anchor-posts-title" className="rounded-xl border border-line bg-surface">
      <header className="flex h-12 items-center gap-2 border-b border-line px-5">
        <h2 id="anchor-posts-title" className="font-semibold text-ink-900">
          {t('title')}
        </h2>
        <span className="text-sm text-ink-500 tabular-nums">{first.total}</span>
      </header>
      <NextIntlClientProvider
        locale={locale}
        messages={{ posts: messages.posts, moderation: messages.moderation }}
      >
        <PostFeed
          anchorId={anchorId}
          viewerId={viewer?.id ?? null}
          initial={{ ...first, list: first.list.map(toPostItem) }}
        />
      </NextIntlClientProvider>
    </section>
  );
}
