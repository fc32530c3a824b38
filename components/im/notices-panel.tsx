'use client';
// The message centre (spec §7 `Push/getList`): notices newest first by kind, 15 a page, unread ones
// marked; mark one or all read. Sentences are translated here from the notice's subject and values.
// The user centre's messages tab hands in the first page it read on the server (`initial`).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Heart, MessageSquareReply, ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeFormat } from '@/components/ui/time-view';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';
import { Link } from '@/lib/i18n/navigation';
import { zonedLabel } from '@/lib/time/zoned-text';
import { useChatTime } from './conversation-list';
import type { Unread } from './use-im-pushes';

const KINDS = ['all', 'system', 'review', 'follow', 'reply'] as const;
const ICONS = { system: Bell, review: ShieldCheck, follow: Heart, reply: MessageSquareReply } as const;

type Notice = {
  id: number;
  kind: keyof typeof ICONS;
  subject: string;
  params: Record<string, string | number>;
  link: string | null;
  actor: { id: number; nickname: string; avatar: string } | null;
  is_read: boolean;
  created_at: string;
};
export type NoticePage = { list: Notice[]; has_more: boolean; unread: number };

export function NoticesPanel({ initial }: { initial?: NoticePage } = {}) {
  const t = useTranslations('im.notices');
  const times = useTimeFormat();
  const time = useChatTime();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<(typeof KINDS)[number]>('all');
  const notices = useInfiniteQuery({
    queryKey: queryKeys.im.notices(kind),
    queryFn: ({ pageParam }) =>
      api.get<NoticePage>('api/Push/getList', {
        ...(kind === 'all' ? {} : { kind }),
        ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.list.at(-1)?.id : undefined),
    ...(initial && kind === 'all' ? { initialData: { pages: [initial], pageParams: [undefined] } } : {}),
  });
  const markRead = useFormPost<number[] | undefined, { unread: number }>(
    (ids) => api.post<{ unread: number }>('api/Push/markRead', ids ? { ids } : {}),
    {
      onSuccess: ({ unread }) => {
        queryClient.setQueryData<Unread>(queryKeys.im.unread, (old) =>
          old ? { ...old, notices: unread } : old,
        );
        void queryClient.invalidateQueries({ queryKey: ['im', 'notices'] });
      },
    },
  );
  const list = notices.data?.pages.flatMap((page) => page.list) ?? [];
  const unread = notices.data?.pages[0]?.unread ?? 0;

  const subject = t as unknown as (key: string, values?: Record<string, string | number>) => string;
  // Review decisions, sanctions and seals carry codes (what, why, which): each reader sees them in their
  // language, the staff's own words after them, and an end time in the reader's zone with the zone named.
  const coded = (params: Notice['params']) => {
    if (!('item' in params || 'kind' in params || 'code' in params || 'until' in params)) return params;
    const { item, kind, code, reason, note, until } = params as Record<string, string | undefined>;
    // Sanctions and decisions keep their code in `reason`; a seal in `code` (its `reason`: older words).
    const why = code ?? (item || kind ? reason : undefined);
    return {
      ...params,
      ...(item ? { item: subject(`items.${item}`) } : {}),
      ...(kind ? { kind: subject(`sanctionKinds.${kind}`) } : {}),
      ...(why ? { reason: subject(`reasons.${why}`) } : {}),
      note: note ? ` · ${note}` : '',
      ...(until ? { until: zonedLabel(times, until, 'dateTime') } : {}),
    };
  };
  const sentence = (notice: Notice) =>
    subject(`subjects.${notice.subject}`, {
      name: notice.actor?.nickname ?? t('someone'),
      excerpt: '',
      reason: '',
      note: '',
      ...coded(notice.params),
    });

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="notices">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-line px-3">
        {/* The kinds scroll sideways on a phone; "mark all read" stays in reach. */}
        <div className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
          {KINDS.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={kind === name}
              onClick={() => setKind(name)}
              className={cn(
                'h-7 shrink-0 rounded-full px-3 text-xs whitespace-nowrap',
                kind === name ? 'bg-brand-500 text-white' : 'text-ink-700 hover:bg-canvas',
              )}
            >
              {t(`kinds.${name}`)}
            </button>
          ))}
        </div>
        <Button
          size="sm"
          variant="secondary"
          className="ml-auto"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {t('markAll')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto bg-canvas/50 p-3">
        {notices.isPending ? (
          <div className="space-y-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-16" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={Bell} title={t('empty')} hint={t('emptyHint')} />
        ) : (
          <ul className="space-y-2">
            {list.map((notice) => {
              const Icon = ICONS[notice.kind];
              const body = <span className="block text-sm text-ink-900">{sentence(notice)}</span>;
              return (
                <li
                  key={notice.id}
                  data-testid="notice"
                  data-read={notice.is_read}
                  className="flex items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2.5"
                >
                  {notice.actor ? (
                    <img
                      src={notice.actor.avatar}
                      alt=""
                      width={36}
                      height={36}
                      className="size-9 rounded-full bg-canvas"
                    />
                  ) : (
                    <span className="flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                      <Icon aria-hidden className="size-4" />
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    {notice.link ? (
                      <Link href={notice.link} className="hover:text-brand-600">
                        {body}
                      </Link>
                    ) : (
                      body
                    )}
                    {/* The reader's clock words the time ("刚刚"): it may differ from the server's render. */}
                    <span className="mt-0.5 block text-[11px] text-ink-500" suppressHydrationWarning>
                      {t(`kinds.${notice.kind}`)} · {time(notice.created_at)}
                    </span>
                  </div>
                  {notice.is_read ? null : (
                    <>
                      <span aria-hidden className="size-2 shrink-0 rounded-full bg-live" />
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => markRead.mutate([notice.id])}
                        disabled={markRead.isPending}
                      >
                        {t('markRead')}
                      </Button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {notices.hasNextPage ? (
          <div className="mt-3 text-center">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void notices.fetchNextPage()}
              disabled={notices.isFetchingNextPage}
            >
              {t('loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
