// The anchor centre's streamer updates (spec §7 `anchor_dynamics*`): the composer, then the
// anchor's recent posts with delete. The list is read here from the service.
import { Newspaper } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { PostComposer } from '@/components/posts/post-composer';
import { toPostItem } from '@/components/posts/types';
import { getDb } from '@/lib/db';
import { listAuthorPosts } from '@/lib/posts/service';
import { OwnPosts } from './own-posts';
import { SectionCard } from './section-card';

/** Recent posts shown under the composer; older ones stay on the live room's feed. */
const RECENT_POSTS = 20;

export async function AnchorPostsCard({ anchorId }: { anchorId: number }) {
  const [recent, t, messages, locale] = await Promise.all([
    listAuthorPosts(getDb(), anchorId, { page: 1, size: RECENT_POSTS }, { id: anchorId, role: 'user' }),
    getTranslations('posts'),
    getMessages(),
    getLocale(),
  ]);
  return (
    <SectionCard id="anchor-posts" title={t('composerTitle')} icon={Newspaper}>
      <NextIntlClientProvider locale={locale} messages={{ posts: messages.posts }}>
        <div className="space-y-6">
          <PostComposer />
          <div>
            <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink-900">
              {t('recentTitle')}
              <span className="font-normal text-ink-500 tabular-nums">{recent.total}</span>
            </h3>
            <OwnPosts posts={recent.list.map(toPostItem)} />
          </div>
        </div>
      </NextIntlClientProvider>
    </SectionCard>
  );
}
