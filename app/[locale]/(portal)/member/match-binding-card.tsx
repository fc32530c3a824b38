// The anchor centre's linked match (关联赛事, spec §7 setLiveInfo): which match the room covers, with
// change and unlink; the picker lists matches live now or starting within 3 days.
import { Trophy } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { boundMatch, presentBindable } from '@/lib/live/match-binding';
import { ensureRoom } from '@/lib/live/service';
import { MatchBindingField } from './match-binding-field';
import { SectionCard } from './section-card';

export async function MatchBindingCard({ anchorId }: { anchorId: number }) {
  const db = getDb();
  const [room, locale, messages, t] = await Promise.all([
    ensureRoom(db, anchorId),
    getLocale(),
    getMessages(),
    getTranslations('liveExtras.binding'),
  ]);
  const match = await boundMatch(db, room.matchId, locale as Locale);
  const sport = room.category === 'football' || room.category === 'basketball' ? room.category : null;
  return (
    <SectionCard id="match-binding" title={t('title')} icon={Trophy}>
      <NextIntlClientProvider
        locale={locale}
        messages={{ liveExtras: { binding: messages.liveExtras.binding } }}
      >
        <MatchBindingField current={match ? presentBindable(match) : null} roomSport={sport} />
      </NextIntlClientProvider>
    </SectionCard>
  );
}
