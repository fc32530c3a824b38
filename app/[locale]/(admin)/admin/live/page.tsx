// /admin/live: rooms on air now with their viewers and the health of their push (bitrate, frames per
// second, keyframe interval, uptime, from the embedded engine), and the rooms under a seal; seal or unseal
// with a reason viewers are shown (the room's `sealingStatu`); take a room's title or cover down (back to
// the default, the anchor told why: lib/moderation/room-look.ts).
import { Radio } from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { RoomLookActions } from '@/components/admin/live/room-look-actions';
import { SealActions } from '@/components/admin/live/seal-actions';
import { AdminPageHeader } from '@/components/admin/page-header';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { liveRoomsNow, orderRooms } from '@/lib/moderation/live-rooms';
import { reasonText } from '@/lib/review/reason-text';
import { CONTENT_REJECT_REASONS, LIFT_REASONS, SANCTION_REASONS } from '@/lib/review/reasons';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const LIVE_TABLE = defineTable({ sorts: ['viewers'], defaultSort: 'viewers', pageSize: 100 });
/** Below this a push stutters for most viewers; above this keyframes are too rare for a quick start. */
const LOW_FPS = 20;
const SLOW_KEYFRAMES_S = 4;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.live' });
  return { title: t('title') };
}

export default async function LivePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('live');
  const t = await getTranslations('admin.live');
  const words = await getTranslations('im.notices');
  const reasonLabel = (code: string) => (words as unknown as (key: string) => string)(`reasons.${code}`);
  const format = await getFormatter();
  const query = parseTableQuery(LIVE_TABLE, await searchParams);
  const rows = orderRooms(await liveRoomsNow(getDb(), new Date()));
  const dash = <span className="text-ink-500">—</span>;
  const uptime = (seconds: number) =>
    `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <DataTable
        caption={t('title')}
        path="/admin/live"
        spec={LIVE_TABLE}
        query={query}
        rows={rows}
        total={rows.length}
        rowKey={(row) => row.id}
        empty={{ icon: Radio, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'room',
            header: t('columns.room'),
            className: 'min-w-56',
            cell: (row) => (
              <div data-testid={`live-room-${row.id}`} className="flex items-start gap-2">
                {row.cover ? (
                  <img
                    src={row.cover}
                    alt=""
                    className="aspect-[135/76] w-16 shrink-0 rounded bg-canvas object-cover"
                    data-testid={`live-cover-${row.id}`}
                  />
                ) : null}
                <div className="min-w-0">
                  <a
                    href={`/live?id=${row.id}`}
                    target="_blank"
                    rel="noreferrer"
                    className="font-medium text-brand-600 hover:underline"
                  >
                    {row.title || `#${row.id}`}
                  </a>
                  <p className="text-xs text-ink-500">
                    {row.anchor} · #{row.id}
                  </p>
                </div>
              </div>
            ),
          },
          {
            key: 'state',
            header: t('columns.state'),
            className: 'w-44',
            cell: (row) =>
              row.sealed ? (
                <span className="text-xs font-medium text-live">
                  {t('sealed')}
                  {row.seal_reason || row.seal_reason_code
                    ? `: ${reasonText((code) => words(`reasons.${code}` as never), row.seal_reason_code, row.seal_reason)}`
                    : ''}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-live">
                  <span className="size-2 rounded-full bg-live" aria-hidden />
                  {t('onAir')}
                </span>
              ),
          },
          {
            key: 'viewers',
            header: t('columns.viewers'),
            align: 'end',
            className: 'w-20 tabular-nums',
            cell: (row) => (row.live ? format.number(row.viewers) : dash),
          },
          {
            key: 'bitrate',
            header: t('columns.bitrate'),
            align: 'end',
            className: 'w-24 tabular-nums',
            cell: (row) =>
              row.health?.bitrate_kbps != null ? `${format.number(row.health.bitrate_kbps)} kbps` : dash,
          },
          {
            key: 'fps',
            header: t('columns.fps'),
            align: 'end',
            className: 'w-16 tabular-nums',
            cell: (row) =>
              row.health?.fps != null ? (
                <span className={cn(row.health.fps < LOW_FPS && 'font-medium text-live')}>
                  {row.health.fps}
                </span>
              ) : (
                dash
              ),
          },
          {
            key: 'keyframes',
            header: t('columns.keyframes'),
            align: 'end',
            className: 'w-24 tabular-nums',
            cell: (row) =>
              row.health?.keyframe_interval_s != null ? (
                <span
                  className={cn(row.health.keyframe_interval_s > SLOW_KEYFRAMES_S && 'font-medium text-live')}
                >
                  {row.health.keyframe_interval_s} s
                </span>
              ) : (
                dash
              ),
          },
          {
            key: 'uptime',
            header: t('columns.uptime'),
            align: 'end',
            className: 'w-24 tabular-nums',
            cell: (row) => (row.health?.uptime_s != null ? uptime(row.health.uptime_s) : dash),
          },
          {
            key: 'actions',
            header: t('columns.actions'),
            align: 'end',
            className: 'w-32',
            cell: (row) => (
              <div className="flex flex-col items-end gap-1.5">
                <SealActions
                  roomId={row.id}
                  sealed={row.sealed}
                  reasons={SANCTION_REASONS.map((code) => ({ code, label: reasonLabel(code) }))}
                  liftReasons={LIFT_REASONS.map((code) => ({ code, label: reasonLabel(code) }))}
                />
                <RoomLookActions
                  roomId={row.id}
                  hasTitle={!!row.title}
                  hasCover={!!row.cover}
                  reasons={CONTENT_REJECT_REASONS.map((code) => ({ code, label: reasonLabel(code) }))}
                />
              </div>
            ),
          },
        ]}
      />
      <p className="mt-2 text-xs text-ink-500">{t('healthNote')}</p>
    </>
  );
}
