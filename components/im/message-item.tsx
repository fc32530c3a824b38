// One message of a thread (spec §3 message): the time label above it when it has one, the sender's
// avatar, then text (as text, with the chat's emoji), a picture or a custom card; 已读/未读 under the
// reader's own C2C messages. Another member's message has a flag to report it; one staff took down is a
// tombstone (its sender reads why).
import { Ban } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { ChatText } from '@/components/live/chat/chat-text';
import { ReportButton } from '@/components/live/report-button';
import { useReadReason } from '@/components/ui/use-read-reason';
import { cn } from '@/lib/cn';
import type { ImMessage } from '@/lib/realtime/events';

export function MessageItem({
  message,
  mine,
  showRead,
  timeLabel,
}: {
  message: ImMessage;
  mine: boolean;
  showRead: boolean;
  timeLabel: string | null;
}) {
  const t = useTranslations('im.messages');
  const readReason = useReadReason();
  return (
    <div data-testid="message" data-id={message.id}>
      {timeLabel ? (
        <p className="mb-2 text-center text-[11px] text-ink-500" data-testid="time-label">
          {timeLabel}
        </p>
      ) : null}
      <div className={cn('flex items-start gap-2', mine && 'flex-row-reverse')}>
        <img
          src={message.avatar}
          alt={message.name}
          title={message.name}
          width={32}
          height={32}
          className="size-8 shrink-0 rounded-full bg-surface"
        />
        <div className={cn('flex max-w-[70%] flex-col', mine ? 'items-end' : 'items-start')}>
          {message.removed ? (
            <p
              data-testid="message-removed"
              className="flex items-start gap-1.5 rounded-lg border border-dashed border-line px-3 py-2 text-sm italic text-ink-500"
            >
              <Ban aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              <span className="break-words">
                {!mine
                  ? t('removed')
                  : message.removal_reason
                    ? t('removedMine', { reason: readReason(message.removal_reason) })
                    : t('removedMineBare')}
              </span>
            </p>
          ) : message.type === 'image' && message.url ? (
            <a href={message.url} target="_blank" rel="noreferrer" className="block">
              <img
                src={message.url}
                alt={t('picture')}
                className="max-h-48 max-w-60 rounded-lg border border-line bg-surface object-contain"
              />
            </a>
          ) : message.type === 'custom' && message.custom ? (
            <div
              data-testid="custom-card"
              className="flex w-60 gap-2.5 rounded-lg border border-line bg-surface p-2.5 shadow-sm"
            >
              <img
                src={message.custom.imageUrl}
                alt=""
                width={56}
                height={56}
                className="size-14 shrink-0 rounded-md bg-canvas object-cover"
              />
              <div className="min-w-0">
                <p className="line-clamp-2 text-sm font-medium text-ink-900">{message.custom.title}</p>
                <p className="mt-1 text-xs text-ink-500">{message.custom.type}</p>
                <p className="mt-0.5 text-xs font-semibold text-brand-600">
                  {t('price', { price: message.custom.price })}
                </p>
              </div>
            </div>
          ) : (
            <p
              className={cn(
                'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
                mine ? 'bg-brand-500 text-white' : 'bg-surface text-ink-900 shadow-sm',
              )}
            >
              <ChatText text={message.text ?? ''} />
            </p>
          )}
          {mine && showRead ? (
            <span className="mt-0.5 text-[11px] text-ink-500" data-testid="read-state">
              {message.is_read ? t('read') : t('unread')}
            </span>
          ) : null}
        </div>
        {mine || message.removed ? null : (
          <ReportButton
            targetType="pm"
            targetId={message.id}
            iconOnly
            className="mt-1.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full text-ink-500 hover:bg-canvas hover:text-live focus-visible:ring-2 focus-visible:ring-brand-400"
          />
        )}
      </div>
    </div>
  );
}
