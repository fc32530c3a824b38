// The anchor centre (`/member?type=9`): push settings, room texts, cover, category, start/end and the
// broadcast history. Data comes from the live service; the forms are the client panel beside this.
import { History, PlayCircle, ShieldBan } from 'lucide-react';
import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getFormatter, getLocale, getMessages, getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import { anchorExperience, experienceTenths } from '@/lib/live/history';
import { sealOf } from '@/lib/live/seal-state';
import { broadcastHistory, ensureRoom, listCustomCategories, pushSettings } from '@/lib/live/service';
import { reasonText } from '@/lib/review/reason-text';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { zonedLabel } from '@/lib/time/zoned-text';
import { AnchorCenterPanel } from './anchor-center-panel';
import { AnchorPostsCard } from './anchor-posts-card';
import { AnchorVideosCard } from './anchor-videos-card';
import { MatchBindingCard } from './match-binding-card';
import { ReservedLivesCard } from './reserved-lives-card';
import { ChatSettingsLoader, FanClubSettingsLoader, RoomViewersLoader } from './room-viewers-loader';
import { SectionCard } from './section-card';

export async function AnchorCenter({ anchorId, nickname }: { anchorId: number; nickname: string }) {
  const db = getDb();
  const now = new Date();
  const host = (await headers()).get('host');
  const settings = await pushSettings(db, anchorId, new Date(), host);
  const [room, history, experience, custom, t, tMember, format, times, messages, locale] = await Promise.all([
    ensureRoom(db, anchorId),
    broadcastHistory(db, settings.room_id),
    anchorExperience(db, settings.room_id, now),
    listCustomCategories(db),
    getTranslations('anchorCenter'),
    getTranslations('member.anchor'),
    getFormatter(),
    getTimeFormat(),
    getMessages(),
    getLocale(),
  ]);
  const seal = sealOf(room, now);
  const tModeration = await getTranslations('moderation');
  const tReasons = await getTranslations('im.notices.reasons');
  const categories = [
    { value: 'football', label: t('category.football') },
    { value: 'basketball', label: t('category.basketball') },
    { value: 'adult', label: t('category.adult') },
    ...custom.map((item) => ({
      value: `custom:${item.id}`,
      label: item.names[locale] ?? item.names['zh-CN'] ?? Object.values(item.names)[0] ?? String(item.id),
    })),
  ];
  const duration = (start: Date, end: Date | null) =>
    end ? Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000)) : null;

  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-700" data-testid="anchor-state">
        {tMember('centerBody', { name: nickname })}
      </p>
      {seal.sealed ? (
        <div
          role="alert"
          data-testid="anchor-sealed"
          className="flex gap-3 rounded-xl border border-live/30 bg-live/5 px-5 py-4"
        >
          <ShieldBan aria-hidden className="mt-0.5 size-5 shrink-0 text-live" />
          <div className="space-y-1 text-sm">
            <p className="font-semibold text-ink-900">{tModeration('anchorSealed')}</p>
            <p className="text-ink-700">
              {tModeration('sealedReason', {
                reason: reasonText((code) => tReasons(code as never), seal.reason_code, seal.reason),
              })}
            </p>
            <p className="text-ink-700">
              {seal.until
                ? tModeration('sealedUntil', {
                    until: zonedLabel(times, seal.until, 'dateTime'),
                  })
                : tModeration('sealedIndefinitely')}
            </p>
          </div>
        </div>
      ) : null}
      <NextIntlClientProvider locale={locale} messages={{ anchorCenter: messages.anchorCenter }}>
        <AnchorCenterPanel
          room={{
            id: room.id,
            title: room.title,
            placard: room.placard,
            cover: room.coverUrl || null,
            status: room.status,
            sealed: seal.sealed,
            category: room.category === 'custom' ? `custom:${room.customCategoryId}` : room.category,
          }}
          pushUrl={settings.push_url}
          firstKey={settings.stream_key}
          categories={categories}
        />
      </NextIntlClientProvider>
      <NextIntlClientProvider
        locale={locale}
        messages={{
          moderation: messages.moderation,
          chatSettings: messages.chatSettings,
          fanClub: messages.fanClub,
        }}
      >
        <RoomViewersLoader />
        <ChatSettingsLoader roomId={room.id} />
        <FanClubSettingsLoader />
      </NextIntlClientProvider>
      <MatchBindingCard anchorId={anchorId} />
      <ReservedLivesCard anchorId={anchorId} />
      <AnchorPostsCard anchorId={anchorId} />
      <AnchorVideosCard anchorId={anchorId} />
      <SectionCard title={t('historyTitle')} icon={History} times>
        <p className="mb-3 flex flex-wrap items-baseline gap-x-3 text-sm" data-testid="anchor-experience">
          <span className="font-medium text-ink-900">
            {t('experienceTotal', {
              total: format.number(experience.totalTenths / 10, { minimumFractionDigits: 1 }),
            })}
          </span>
          <span className="text-xs text-ink-500">{t('experienceRule')}</span>
        </p>
        {history.length === 0 ? (
          <EmptyState icon={History} title={t('noHistory')} hint={t('noHistoryHint')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full whitespace-nowrap text-sm" data-testid="broadcast-history">
              <thead>
                <tr className="border-b border-line text-left text-xs text-ink-500">
                  <th className="py-2 font-medium">{t('historyStarted')}</th>
                  <th className="py-2 font-medium">{t('historyTitleColumn')}</th>
                  <th className="py-2 font-medium">{t('historyDuration')}</th>
                  <th className="py-2 font-medium">{t('historyColumnExperience')}</th>
                  <th className="py-2 text-right font-medium">{t('historyReplay')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((item) => {
                  const minutes = duration(item.startedAt, item.endedAt);
                  return (
                    <tr key={item.id} className="border-b border-line last:border-0">
                      <td className="py-2.5 text-ink-700 tabular-nums">
                        <LocalTime at={item.startedAt} style="dateTime" />
                      </td>
                      <td
                        className="max-w-64 truncate py-2.5 text-ink-900"
                        title={item.title || t('untitled')}
                      >
                        {item.title || t('untitled')}
                      </td>
                      <td className="py-2.5 text-ink-700">
                        {minutes === null ? t('onAir') : t('minutes', { count: minutes })}
                      </td>
                      <td className="py-2.5 text-ink-700 tabular-nums">
                        {item.endedAt
                          ? `+${format.number(experienceTenths(item.startedAt, item.endedAt) / 10, { minimumFractionDigits: 1 })}`
                          : '—'}
                      </td>
                      <td className="py-2.5 text-right">
                        {item.replayUrl ? (
                          <Link
                            href={`/live?id=${room.id}&replay=${item.id}`}
                            className="inline-flex items-center gap-1 text-brand-600 hover:underline"
                          >
                            <PlayCircle aria-hidden className="size-4" />
                            {t('watchReplay')}
                          </Link>
                        ) : (
                          <span className="text-ink-500">{t('noReplay')}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </SectionCard>
    </div>
  );
}
