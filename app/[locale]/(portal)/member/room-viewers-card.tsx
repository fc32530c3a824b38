// The anchor's "在线观众": signed-in viewers in the room's channel right now (guests only counted),
// refreshed every few seconds, each with a 踢出 menu of durations; below, the kick-outs in force
// with 解除. The gateway's sockets are the truth for who is here.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Users, UserX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeFormat } from '@/components/ui/time-view';
import { ApiError, api } from '@/lib/http/client';
import { zonedLabel } from '@/lib/time/zoned-text';
import { FormError } from './form-error';
import { SectionCard } from './section-card';

const DURATIONS = [10, 60, 1440, 10080] as const;
const REFRESH_MS = 5000;
type Person = { user_id: number; nickname: string; avatar: string };
type Viewers = { room_id: number; guests: number; list: Person[] };
type Kicked = { room_id: number; list: (Person & { until: string })[] };

const viewersKey = ['moderation', 'viewers'] as const;
const kickedKey = ['moderation', 'kicked'] as const;

function Avatar({ person }: { person: Person }) {
  return (
    <img
      src={person.avatar}
      alt=""
      width={32}
      height={32}
      className="size-8 shrink-0 rounded-full border border-line bg-canvas"
    />
  );
}

export function RoomViewersCard() {
  const t = useTranslations('moderation');
  const times = useTimeFormat();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const viewers = useQuery({
    queryKey: viewersKey,
    queryFn: () => api.get<Viewers>('api/live/liveViewerList', {}, { silent: true }),
    refetchInterval: REFRESH_MS,
  });
  const kicked = useQuery({
    queryKey: kickedKey,
    queryFn: () => api.get<Kicked>('api/live/liveKickoutList', {}, { silent: true }),
  });

  const act = async (call: () => Promise<unknown>, success: string) => {
    setError(null);
    try {
      await call();
      import('sonner').then(({ toast }) => toast.success(success));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t('failed'));
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: viewersKey }),
      queryClient.invalidateQueries({ queryKey: kickedKey }),
    ]);
  };
  const kick = (person: Person, minutes: number) =>
    act(
      () => api.post('api/live/liveKickout', { user_id: person.user_id, minutes }, { silent: true }),
      t('kickedToast', { name: person.nickname }),
    );
  const lift = (person: Person) =>
    act(
      () => api.post('api/live/liveKickoutLift', { user_id: person.user_id }, { silent: true }),
      t('liftedToast', { name: person.nickname }),
    );

  return (
    <SectionCard
      title={t('viewersTitle')}
      icon={Users}
      aside={
        viewers.data ? (
          <span className="text-sm text-ink-500 tabular-nums" data-testid="viewer-summary">
            {t('viewersSummary', { users: viewers.data.list.length, guests: viewers.data.guests })}
          </span>
        ) : null
      }
    >
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <div>
          {viewers.isError && !viewers.data ? (
            <p className="text-sm text-ink-500">{t('viewersFailed')}</p>
          ) : !viewers.data ? (
            <div className="space-y-2">
              <Skeleton className="h-11 rounded-md" />
              <Skeleton className="h-11 rounded-md" />
            </div>
          ) : viewers.data.list.length === 0 ? (
            <EmptyState icon={Users} title={t('noViewers')} hint={t('noViewersHint')} />
          ) : (
            <ul className="max-h-80 divide-y divide-line overflow-y-auto" data-testid="viewer-list">
              {viewers.data.list.map((person) => (
                <li key={person.user_id} className="flex h-12 items-center gap-3">
                  <Avatar person={person} />
                  <span className="min-w-0 flex-1 truncate text-sm text-ink-900" title={person.nickname}>
                    {person.nickname}
                  </span>
                  <DropdownMenu.Root modal={false}>
                    <DropdownMenu.Trigger asChild>
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        aria-label={t('kickLabel', { name: person.nickname })}
                      >
                        {t('kick')}
                        <ChevronDown aria-hidden className="size-3.5" />
                      </Button>
                    </DropdownMenu.Trigger>
                    <DropdownMenu.Portal>
                      <DropdownMenu.Content
                        align="end"
                        sideOffset={4}
                        className="z-50 min-w-32 rounded-lg border border-line bg-surface p-1.5 shadow-lg"
                      >
                        {DURATIONS.map((minutes) => (
                          <DropdownMenu.Item
                            key={minutes}
                            onSelect={() => void kick(person, minutes)}
                            className="cursor-pointer rounded-md px-3 py-2 text-sm text-ink-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-600"
                          >
                            {t(`duration.m${minutes}`)}
                          </DropdownMenu.Item>
                        ))}
                      </DropdownMenu.Content>
                    </DropdownMenu.Portal>
                  </DropdownMenu.Root>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm font-medium text-ink-700">
            <UserX aria-hidden className="size-4 text-ink-500" />
            {t('kickedTitle')}
          </h3>
          {!kicked.data ? (
            <Skeleton className="h-11 rounded-md" />
          ) : kicked.data.list.length === 0 ? (
            <p className="rounded-md border border-dashed border-line px-3 py-4 text-sm text-ink-500">
              {t('noKicked')}
            </p>
          ) : (
            <ul className="max-h-80 divide-y divide-line overflow-y-auto" data-testid="kicked-list">
              {kicked.data.list.map((person) => (
                <li key={person.user_id} className="flex h-12 items-center gap-3">
                  <Avatar person={person} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-ink-900" title={person.nickname}>
                      {person.nickname}
                    </span>
                    <span className="block text-xs text-ink-500">
                      {t('kickedUntil', {
                        until: zonedLabel(times, person.until, 'numericDayTime'),
                      })}
                    </span>
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => void lift(person)}
                    aria-label={t('liftLabel', { name: person.nickname })}
                  >
                    {t('lift')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="mt-3">
        <FormError message={error} />
      </div>
    </SectionCard>
  );
}
