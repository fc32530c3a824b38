// The room's previews (直播预告): its upcoming reserved lives, each with the book button of /schedule.
import { CalendarClock } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { BookButton } from '@/components/live/book-button';
import { SidePanel, SidePanelEmpty } from '@/components/live/side-panel';
import { LocalTime } from '@/components/ui/local-time';
import { ZoneHint } from '@/components/ui/zone-hint';
import { getDb } from '@/lib/db';
import { listReservations } from '@/lib/live/reservations';

const SHOWN = 5;

export async function RoomPreviews({ roomId, viewerId }: { roomId: number; viewerId: number | null }) {
  const [items, t] = await Promise.all([
    listReservations(getDb(), { roomId, viewerId, limit: SHOWN, now: new Date() }),
    getTranslations('liveExtras.previews'),
  ]);
  return (
    <SidePanel id="room-previews-title" title={t('title')} icon={CalendarClock} testId="room-previews">
      {items.length === 0 ? (
        <SidePanelEmpty title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <>
          <p className="px-4 pt-2">
            <ZoneHint />
          </p>
          <ul className="divide-y divide-line">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 px-4 py-3" data-testid="room-preview">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink-900" title={item.title}>
                    {item.title}
                  </p>
                  <p className="mt-0.5 text-xs text-ink-500 tabular-nums">
                    <LocalTime at={item.startsAt} style="weekdayDayTime" />
                    {item.bookings ? ` · ${t('bookings', { count: item.bookings })}` : null}
                  </p>
                </div>
                <BookButton
                  kind="live"
                  id={item.id}
                  initialBooked={item.booked}
                  labels={{ book: t('book'), booked: t('booked') }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </SidePanel>
  );
}
