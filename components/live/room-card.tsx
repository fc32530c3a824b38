// A live room in a list: cover (or the anchor's picture on the brand gradient), title, anchor, heat
// and whether it is on air. Opens /live?id=; an `action` (e.g. unfollow) sits under the card, outside
// the link.
import { Flame } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';

export type RoomCardData = {
  id: number;
  title: string;
  coverUrl: string;
  status: 'idle' | 'live' | 'ended';
  heat: number;
  nickname: string;
  avatar: string;
};

export async function RoomCard({
  room,
  action,
  href = `/live?id=${room.id}`,
}: {
  room: RoomCardData;
  action?: ReactNode;
  /** Where the card leads: the room unless told (an anchor without a room: their personal space). */
  href?: string | undefined;
}) {
  const t = await getTranslations('rooms');
  const format = await getFormatter();
  const live = room.status === 'live';
  return (
    <li data-testid="room-card" data-room-id={room.id}>
      <Link
        href={href}
        className="group block overflow-hidden rounded-xl border border-line bg-surface transition hover:-translate-y-0.5 hover:shadow-md"
      >
        <div className="relative aspect-[135/76] overflow-hidden bg-gradient-to-br from-night via-night-2 to-brand-700">
          {room.coverUrl ? (
            <img
              src={room.coverUrl}
              alt=""
              className="size-full object-cover transition group-hover:scale-[1.02]"
            />
          ) : (
            <div className="flex size-full items-center justify-center">
              <img
                src={room.avatar}
                alt=""
                width={72}
                height={72}
                className="size-18 rounded-full ring-4 ring-white/15"
              />
            </div>
          )}
          <span
            className={`absolute left-2 top-2 rounded px-1.5 py-0.5 text-[11px] font-medium text-white ${
              live ? 'bg-live' : 'bg-black/50'
            }`}
          >
            {t(`state.${room.status}`)}
          </span>
          <span className="absolute bottom-2 right-2 flex items-center gap-1 rounded bg-black/50 px-1.5 py-0.5 text-[11px] text-white">
            <Flame aria-hidden className="size-3" />
            {format.number(room.heat, { notation: 'compact' })}
          </span>
        </div>
        <div className="flex items-center gap-2.5 p-3">
          <img
            src={room.avatar}
            alt=""
            width={32}
            height={32}
            className="size-8 shrink-0 rounded-full bg-canvas"
          />
          <div className="min-w-0">
            <p
              className="truncate text-sm font-medium text-ink-900"
              title={room.title || t('untitled', { name: room.nickname })}
            >
              {room.title || t('untitled', { name: room.nickname })}
            </p>
            <p className="truncate text-xs text-ink-500" title={room.nickname}>
              {room.nickname}
            </p>
          </div>
        </div>
      </Link>
      {action ? <div className="mt-2 flex justify-end">{action}</div> : null}
    </li>
  );
}

export function RoomGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">{children}</ul>;
}
