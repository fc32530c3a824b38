// The anchor centre's videos (spec §7 `Video_user/insert|delete`): the upload form, the anchor's
// videos with delete (every one, marked where it waits, was refused or was removed by staff, with why), and the finished replays, each publishable as a video with one click.
import { Clapperboard } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { listAllGroups } from '@/lib/videos/categories';
import { ownVideos, replaysOf } from '@/lib/videos/service';
import { AnchorVideos } from './anchor-videos';
import { SectionCard } from './section-card';

const RECENT_VIDEOS = 20;

export async function AnchorVideosCard({ anchorId }: { anchorId: number }) {
  const locale = (await getLocale()) as Locale;
  const db = getDb();
  const [own, replays, groups, t, messages] = await Promise.all([
    ownVideos(db, locale, anchorId, RECENT_VIDEOS),
    replaysOf(db, anchorId),
    listAllGroups(db, locale),
    getTranslations('videos'),
    getMessages(),
  ]);
  return (
    <SectionCard id="anchor-videos" title={t('anchorTitle')} icon={Clapperboard}>
      <NextIntlClientProvider locale={locale} messages={{ videos: messages.videos }}>
        <AnchorVideos
          groups={groups.map((group) => ({
            name: group.name,
            children: group.children.map(({ id, name }) => ({ id, name })),
          }))}
          videos={own.list.map((video) => ({
            id: video.id,
            title: video.title,
            poster: video.poster,
            views: video.views,
            likes: video.likes,
            comments: video.comments,
            category: video.category.name,
            published_at: video.published_at.toISOString(),
            review: video.review,
          }))}
          total={own.total}
          replays={replays.map((replay) => ({ ...replay, started_at: replay.started_at.toISOString() }))}
        />
      </NextIntlClientProvider>
    </SectionCard>
  );
}
