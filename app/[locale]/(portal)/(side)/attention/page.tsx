// /attention (spec §2): the anchors the signed-in user follows, live ones first.
import { HeartOff } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { RoomCard, RoomGrid } from '@/components/live/room-card';
import { EmptyState } from '@/components/ui/empty-state';
import { avatarOf } from '@/lib/accounts/avatars';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { followedAnchors } from '@/lib/live/follows';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'attention', '/attention');
}

export default async function AttentionPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('rooms');
  const user = await currentUser();
  const followed = user ? await followedAnchors(getDb(), user.id) : [];
  return (
    <div className="px-6 py-6">
      <h1 className="mb-5 text-xl font-semibold text-ink-900">{t('attentionTitle')}</h1>
      {!user ? (
        <EmptyState
          icon={HeartOff}
          title={t('attentionGuestTitle')}
          hint={t('attentionGuestHint')}
          action={
            <LoginButton
              label={t('login')}
              className="h-9 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600"
            />
          }
        />
      ) : followed.length ? (
        <RoomGrid>
          {followed.map((anchor) =>
            anchor.roomId ? (
              <RoomCard
                key={anchor.anchorId}
                room={{
                  id: anchor.roomId,
                  title: anchor.title ?? '',
                  coverUrl: anchor.coverUrl ?? '',
                  status: anchor.status ?? 'idle',
                  heat: anchor.heat ?? 0,
                  nickname: anchor.nickname,
                  avatar: avatarOf({ id: anchor.anchorId, avatar: anchor.avatar }),
                }}
              />
            ) : null,
          )}
        </RoomGrid>
      ) : (
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
      )}
    </div>
  );
}
