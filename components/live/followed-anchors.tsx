// The anchors a user follows as room cards, live ones first, each with its follow button to unfollow
// (and follow again) in place: /attention and the user centre's follows tab (`/member?type=3`).
import { HeartOff } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { avatarOf } from '@/lib/accounts/avatars';
import { Link } from '@/lib/i18n/navigation';
import type { followedAnchors } from '@/lib/live/follows';
import { FollowButton } from './follow-button';
import { RoomCard, RoomGrid } from './room-card';

export type FollowedAnchor = Awaited<ReturnType<typeof followedAnchors>>[number];

export async function FollowedAnchors({ followed }: { followed: FollowedAnchor[] }) {
  const [messages, t] = await Promise.all([getMessages(), getTranslations('rooms')]);
  if (followed.length === 0) {
    return (
      <EmptyState
        icon={HeartOff}
        title={t('attentionEmptyTitle')}
        hint={t('attentionEmptyHint')}
        action={
          <Link href="/anchor?type=0" className="text-sm font-medium text-brand-600 hover:underline">
            {t('browseLive')}
          </Link>
        }
      />
    );
  }
  return (
    <div data-testid="followed-anchors">
      <NextIntlClientProvider messages={{ live: messages.live }}>
        <RoomGrid>
          {followed.map((anchor) => (
            <RoomCard
              key={anchor.anchorId}
              room={{
                id: anchor.roomId ?? 0,
                title: anchor.title ?? '',
                coverUrl: anchor.coverUrl ?? '',
                status: anchor.status ?? 'idle',
                heat: anchor.heat ?? 0,
                nickname: anchor.nickname,
                avatar: avatarOf({ id: anchor.anchorId, avatar: anchor.avatar }),
              }}
              // An anchor without a room yet still shows, leading to their personal space.
              href={anchor.roomId ? undefined : `/persona?uid=${anchor.anchorId}`}
              action={<FollowButton anchorId={anchor.anchorId} initialFollowed initialFans={anchor.fans} />}
            />
          ))}
        </RoomGrid>
      </NextIntlClientProvider>
    </div>
  );
}
