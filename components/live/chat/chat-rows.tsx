// One line of the room chat: a viewer's message (level, role, nobility and fan badges, the name that opens
// their card, the text or the gift) with staff's delete, or a notice between the messages.
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { levelIconUrl } from '@/lib/accounts/level';
import { cn } from '@/lib/cn';
import { tierOf } from '@/lib/nobility/tiers';
import type { ChatMessage } from '@/lib/realtime/events';
import { badgeColorClass } from './badge-color';
import type { ChatChannel } from './channel-socket';
import type { Notice } from './chat-lines';
import { ChatText } from './chat-text';
import { FanBadge } from './fan-badge';
import { GiftLine } from './gift-line';
import { NobleBadge } from './noble-badge';
import { type ChatViewer, RoleBadge, UserCard } from './user-card';

export function MessageRow({
  message,
  channel,
  viewer,
  onDelete,
}: {
  message: ChatMessage;
  channel: ChatChannel;
  viewer: ChatViewer;
  onDelete?: () => void;
}) {
  const t = useTranslations('chat');
  return (
    <p
      className="group relative py-[3px] pr-5 text-[13px] leading-5 break-words text-ink-900"
      data-testid="chat-line"
    >
      <img
        src={levelIconUrl(message.level)}
        alt={`Lv.${message.level}`}
        width={33}
        height={14}
        className="mr-1 inline-block h-3.5 w-[33px] align-[-2px]"
      />
      {message.role ? (
        <span className="mr-1 inline-block align-[-1px]">
          <RoleBadge role={message.role} />
        </span>
      ) : null}
      {message.noble ? <NobleBadge tier={message.noble} className="mr-1" /> : null}
      {message.fan ? <FanBadge name={message.fan.name} level={message.fan.level} className="mr-1" /> : null}
      <UserCard sender={message} channel={channel} viewer={viewer}>
        <button
          type="button"
          className={cn(
            'font-medium',
            badgeColorClass(message.badge_color) ?? 'text-ink-500 hover:text-brand-600',
          )}
          data-testid="chat-name"
          data-badge-color={message.badge_color}
        >
          {message.nickname}
        </button>
      </UserCard>
      {message.gift ? (
        <GiftLine gift={message.gift} />
      ) : (
        <>
          <span className="text-ink-500">：</span>
          <span data-testid="chat-content">
            <ChatText text={message.content} />
          </span>
          {message.held ? (
            // Held by a review word: only its sender sees it until a moderator lets it into the room.
            <span
              className="ml-1 rounded bg-amber-100 px-1 text-[11px] text-amber-800"
              title={t('heldHint')}
              data-testid="chat-held"
            >
              {t('held')}
            </span>
          ) : null}
        </>
      )}
      {onDelete ? (
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('deleteMessage')}
          data-testid="chat-delete"
          className="absolute top-1 right-0 hidden text-ink-300 group-hover:block hover:text-live focus:block"
        >
          <Trash2 aria-hidden className="size-3.5" />
        </button>
      ) : null}
    </p>
  );
}

export function NoticeRow({ notice }: { notice: Notice }) {
  const t = useTranslations('chat');
  const text =
    notice.kind === 'enter'
      ? notice.noble && tierOf(notice.noble)
        ? t('notice.nobleEnter', { name: notice.name, tier: t(`nobles.${tierOf(notice.noble)!.code}`) })
        : t('notice.enter', { name: notice.name })
      : notice.kind === 'taboo'
        ? notice.minutes === 0
          ? t('notice.tabooBroadcast', { name: notice.name })
          : t('notice.taboo', { name: notice.name, duration: t(`durations.m${notice.minutes}`) })
        : notice.kind === 'relieve'
          ? t('notice.relieve', { name: notice.name })
          : notice.kind === 'goal'
            ? t('notice.goal', {
                minute: notice.minute,
                home: notice.home,
                away: notice.away,
                score: notice.score,
              })
            : notice.admin
              ? t('notice.adminOn', { name: notice.name })
              : t('notice.adminOff', { name: notice.name });
  return (
    <p
      data-testid={`chat-notice-${notice.kind}`}
      className={`py-[3px] text-xs leading-5 ${
        notice.kind === 'enter' && notice.noble
          ? 'font-medium text-amber-700'
          : notice.kind === 'enter'
            ? 'text-ink-500'
            : 'text-brand-600'
      }`}
    >
      {text}
    </p>
  );
}
