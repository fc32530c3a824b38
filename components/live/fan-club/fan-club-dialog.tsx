// The fan club's dialog: badge and name, members, the joining price, the viewer's level and
// intimacy progress with today's watch allowance, join (a paid club through the spend sheet) / leave
// (leaving asks first: intimacy is lost), and the members ranked by intimacy.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HeartHandshake, Users } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { EmptyState } from '@/components/ui/empty-state';
import { PHONE_SHEET } from '@/components/ui/sheet-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import { balancesChanged } from '@/lib/wallet/queries';
import { FanBadge } from '../chat/fan-badge';

export type FanStanding = { level: number } | null;

type Mine = {
  intimacy: number;
  level: number;
  level_floor: number;
  next_level_at: number | null;
  today_watch: number;
  watch_cap: number;
};
type Info = { anchor_nickname: string; name: string; price: number; members: number; mine: Mine | null };
type Ranking = {
  list: {
    rank: number;
    user_id: number;
    nickname: string;
    avatar: string;
    intimacy: number;
    level: number;
  }[];
};

export default function FanClubDialog({
  open,
  onOpenChange,
  anchorId,
  viewerId,
  onStanding,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchorId: number;
  viewerId: number | null;
  onStanding: (standing: FanStanding) => void;
}) {
  const t = useTranslations('fanClub');
  const spend = useTranslations('wallet.spend');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const keys = useRetryKey();
  const infoKey = ['fanClub', 'info', anchorId, viewerId] as const;
  const info = useQuery({
    queryKey: infoKey,
    enabled: open,
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<Info>('api/Fansclub/info', { anchor_id: anchorId });
    },
  });
  const ranking = useQuery({
    queryKey: ['fanClub', 'rank', anchorId],
    enabled: open,
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<Ranking>('api/Fansclub/rankList', { anchor_id: anchorId });
    },
  });

  const action = useFormPost<{ path: 'join' | 'leave'; password: string }>(
    async ({ path, password }) => {
      const { api } = await import('@/lib/http/client');
      if (path === 'leave')
        return api.post('api/fansclub_user/leave', { anchor_id: anchorId }, { silent: true });
      const intent = { anchor_id: anchorId, price: info.data?.price ?? 0 };
      return api.post(
        'api/fansclub_user/join',
        { ...intent, key: keys.for(intent), pay_password: password },
        { silent: true },
      );
    },
    {
      failed: t('failed'),
      onSuccess: async (_, { path }) => {
        if (path === 'join') keys.succeeded();
        const { toast } = await import('sonner');
        toast.success(t(path === 'join' ? 'joined' : 'left'));
        setConfirmLeave(false);
        setConfirming(false);
        if (path === 'join') balancesChanged(queryClient);
        await queryClient.invalidateQueries({ queryKey: ['fanClub'] });
        const fresh = queryClient.getQueryData<Info>(infoKey);
        onStanding(fresh?.mine ? { level: fresh.mine.level } : null);
      },
      onError: () => void info.refetch(),
    },
  );
  const { error, isPending: pending } = action;
  const act = (path: 'join' | 'leave', password = '') => action.mutate({ path, password });

  const data = info.data;
  const mine = data?.mine ?? null;
  const own = viewerId === anchorId;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        action.reset();
        setConfirmLeave(false);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid="fan-club-dialog"
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[520px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-surface shadow-2xl ${PHONE_SHEET}`}
        >
          <div className="border-b border-line px-6 pt-5 pb-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-ink-900">
              <HeartHandshake aria-hidden className="size-5 text-brand-500" />
              {data ? t('title', { anchor: data.anchor_nickname }) : <Skeleton className="h-6 w-40" />}
            </Dialog.Title>
            <Dialog.Description asChild>
              <div className="mt-2 flex min-h-5 items-center gap-3 text-sm text-ink-500">
                {data ? (
                  <>
                    <FanBadge name={data.name} level={mine?.level ?? 1} />
                    <span className="inline-flex items-center gap-1" data-testid="fan-club-members">
                      <Users aria-hidden className="size-3.5" />
                      {t('members', { count: data.members })}
                    </span>
                    <span>
                      {t('priceLabel')}{' '}
                      <span className="font-medium text-ink-900">
                        {data.price === 0
                          ? t('priceFree')
                          : t('pricePaid', { price: format.number(data.price) })}
                      </span>
                    </span>
                  </>
                ) : (
                  <Skeleton className="h-5 w-64" />
                )}
              </div>
            </Dialog.Description>
          </div>

          <div className="min-h-[116px] px-6 py-4">
            {!data ? (
              <Skeleton className="h-[84px] w-full rounded-lg" />
            ) : own ? (
              <p className="text-sm text-ink-700">{t('own')}</p>
            ) : mine ? (
              <Standing mine={mine} name={data.name} />
            ) : (
              <p className="text-sm text-ink-700">{t('pitch')}</p>
            )}
            <p className="mt-3 text-xs text-ink-500">{t('rules')}</p>
            {error ? (
              <p role="alert" className="mt-2 text-sm text-live" data-testid="fan-club-error">
                {error}
              </p>
            ) : null}
            {data && !own ? (
              <div className="mt-3 flex items-center justify-end gap-2">
                {mine ? (
                  confirmLeave ? (
                    <>
                      <span className="mr-auto text-xs text-ink-700">{t('leaveConfirm')}</span>
                      <Button variant="ghost" size="sm" onClick={() => setConfirmLeave(false)}>
                        {t('cancel')}
                      </Button>
                      <Button
                        size="sm"
                        disabled={pending}
                        onClick={() => act('leave')}
                        data-testid="fan-club-leave-confirm"
                      >
                        {t('leaveYes')}
                      </Button>
                    </>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setConfirmLeave(true)}
                      data-testid="fan-club-leave"
                    >
                      {t('leave')}
                    </Button>
                  )
                ) : (
                  <>
                    <Button
                      disabled={pending}
                      onClick={() => {
                        action.reset();
                        if (data.price === 0) act('join');
                        else setConfirming(true);
                      }}
                      data-testid="fan-club-join"
                      className="min-w-40"
                    >
                      {data.price === 0 ? t('joinFree') : t('joinPaid', { price: format.number(data.price) })}
                    </Button>
                    <SpendConfirm
                      open={confirming}
                      onOpenChange={(next) => {
                        setConfirming(next);
                        action.reset();
                      }}
                      title={spend('titles.fanClub')}
                      item={t('title', { anchor: data.anchor_nickname })}
                      price={data.price}
                      currency="star"
                      terms={[spend('terms.fanClub')]}
                      onConfirm={(password) => act('join', password)}
                      pending={pending}
                      error={error}
                    />
                  </>
                )}
              </div>
            ) : null}
          </div>

          <section
            aria-labelledby="fan-rank-title"
            className="flex min-h-0 flex-1 flex-col border-t border-line"
          >
            <h3 id="fan-rank-title" className="px-6 pt-3 pb-2 text-sm font-semibold text-ink-900">
              {t('ranking')}
            </h3>
            <div className="min-h-[180px] overflow-y-auto px-6 pb-5">
              {!ranking.data ? (
                <Skeleton className="h-[180px] w-full rounded-lg" />
              ) : ranking.data.list.length === 0 ? (
                <EmptyState icon={Users} title={t('rankEmpty')} hint={t('rankEmptyHint')} />
              ) : (
                <ol className="divide-y divide-line text-sm" data-testid="fan-club-ranking">
                  {ranking.data.list.map((row) => (
                    <li key={row.user_id} className="flex h-10 items-center gap-3">
                      <span
                        className={`w-6 text-center font-semibold tabular-nums ${row.rank <= 3 ? 'text-brand-600' : 'text-ink-500'}`}
                      >
                        {row.rank}
                      </span>
                      <img src={row.avatar} alt="" width={24} height={24} className="size-6 rounded-full" />
                      <span
                        className={`min-w-0 flex-1 truncate ${row.user_id === viewerId ? 'font-semibold text-ink-900' : 'text-ink-700'}`}
                        title={row.nickname}
                      >
                        {row.nickname}
                      </span>
                      <FanBadge name={data?.name ?? ''} level={row.level} />
                      <span className="w-16 text-right text-ink-700 tabular-nums">
                        {format.number(row.intimacy)}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </section>
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Standing({ mine, name }: { mine: Mine; name: string }) {
  const t = useTranslations('fanClub');
  const format = useFormatter();
  const span = mine.next_level_at === null ? 1 : mine.next_level_at - mine.level_floor;
  const done = mine.next_level_at === null ? 1 : (mine.intimacy - mine.level_floor) / span;
  return (
    <div className="rounded-lg bg-canvas px-4 py-3" data-testid="fan-club-mine">
      <div className="flex items-center justify-between text-sm">
        <span className="flex items-center gap-2 font-medium text-ink-900">
          {t('mine')}
          <FanBadge name={name} level={mine.level} />
        </span>
        <span className="text-ink-500">
          {t('intimacy')}{' '}
          <span className="font-semibold text-ink-900 tabular-nums" data-testid="fan-club-intimacy">
            {format.number(mine.intimacy)}
          </span>
        </span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-line"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(done * 100)}
      >
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.round(done * 100)}%` }} />
      </div>
      <div className="mt-1.5 flex justify-between text-xs text-ink-500">
        <span>
          {mine.next_level_at === null
            ? t('maxLevel')
            : t('toNext', {
                next: mine.level + 1,
                left: format.number(mine.next_level_at - mine.intimacy),
              })}
        </span>
        <span className="tabular-nums">
          {t('todayWatch', { value: mine.today_watch, cap: mine.watch_cap })}
        </span>
      </div>
    </div>
  );
}
