// The card a name in the chat opens: the viewer's profile, follow (streamers), report, and for the
// chat's moderators mute / kick / room administrator. Every action is a call the server checks again.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { openPrivateChat } from '@/components/im/overlay-state';
import { ReportButton } from '@/components/live/report-button';
import { levelIconUrl } from '@/lib/accounts/level';
import { useFormPost } from '@/lib/http/use-form-post';
import { Link } from '@/lib/i18n/navigation';
import type { ChatMessage } from '@/lib/realtime/events';
import { type ChatChannel, channelParams } from './channel-socket';

export type ChatViewer = {
  id: number | null;
  role: 'anchor' | 'admin' | 'operator' | null;
};

const MUTE_CHOICES = [10, 60, 1440, 0] as const;
const KICK_CHOICES = [10, 60, 1440, 10080] as const;
const action =
  'h-7 rounded-md border border-line px-2 text-xs text-ink-700 hover:border-brand-400 hover:text-brand-600 disabled:opacity-40';

/** A labelled row of duration buttons (mute for…, kick out for…). */
function DurationRow({
  label,
  choices,
  name,
  disabled,
  onChoose,
}: {
  label: string;
  choices: readonly number[];
  name: (minutes: number) => string;
  disabled: boolean;
  onChoose: (minutes: number) => void;
}) {
  return (
    <>
      <p className="text-xs text-ink-500">{label}</p>
      <div className="flex gap-1">
        {choices.map((minutes) => (
          <button
            key={minutes}
            type="button"
            disabled={disabled}
            className={`${action} flex-1`}
            onClick={() => onChoose(minutes)}
          >
            {name(minutes)}
          </button>
        ))}
      </div>
    </>
  );
}

export function UserCard({
  sender,
  channel,
  viewer,
  children,
}: {
  sender: Pick<ChatMessage, 'user_id' | 'nickname' | 'avatar' | 'level' | 'role' | 'is_anchor'>;
  channel: ChatChannel;
  viewer: ChatViewer;
  children: ReactNode;
}) {
  const t = useTranslations('chat');
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const self = viewer.id === sender.user_id;
  const moderator = viewer.role !== null && !self && sender.role !== 'anchor';
  // An administrator does not act on another moderator.
  const mayAct = moderator && !(viewer.role === 'admin' && sender.role !== null);

  // The shared client toasts a refusal.
  const moderation = useFormPost<{ path: string; body: object; message: string }>(
    ({ path, body }) => import('@/lib/http/client').then(({ api }) => api.post(path, body)),
    {
      onSuccess: (_, { message }) => {
        setDone(message);
        void queryClient.invalidateQueries({ queryKey: ['chat'] });
      },
    },
  );
  const run = (path: string, body: object, message: string) => moderation.mutate({ path, body, message });
  const busy = moderation.isPending;

  return (
    <Popover.Root onOpenChange={() => setDone(null)}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="left"
          align="start"
          sideOffset={8}
          data-testid="user-card"
          className="z-50 w-72 rounded-xl border border-line bg-surface p-4 text-sm shadow-lg"
        >
          <div className="flex items-center gap-3">
            <img
              src={sender.avatar}
              alt=""
              width={44}
              height={44}
              className="size-11 rounded-full bg-canvas"
            />
            <div className="min-w-0">
              <p className="flex items-center gap-1.5">
                <span className="truncate font-semibold text-ink-900" title={sender.nickname}>
                  {sender.nickname}
                </span>
                {sender.role ? <RoleBadge role={sender.role} /> : null}
              </p>
              <img
                src={levelIconUrl(sender.level)}
                alt={`Lv.${sender.level}`}
                width={33}
                height={14}
                className="mt-1 h-3.5 w-[33px]"
              />
            </div>
          </div>
          <div className="mt-3 flex flex-wrap gap-1.5">
            <Link href={`/persona?uid=${sender.user_id}`} className={`${action} inline-flex items-center`}>
              {t('card.profile')}
            </Link>
            {sender.is_anchor && !self ? (
              <button
                type="button"
                className={action}
                disabled={busy}
                onClick={() =>
                  run('api/Member/attention', { anchor_id: sender.user_id, type: 1 }, t('card.followed'))
                }
              >
                {t('card.follow')}
              </button>
            ) : null}
            {!self && viewer.id !== null ? (
              <button type="button" className={action} onClick={() => openPrivateChat(sender.user_id)}>
                {t('card.message')}
              </button>
            ) : null}
            {!self ? (
              <ReportButton
                targetType="user"
                targetId={sender.user_id}
                signedIn={viewer.id !== null}
                className={action}
              />
            ) : null}
          </div>
          {mayAct ? (
            <div className="mt-3 space-y-2 border-t border-line pt-3">
              <DurationRow
                label={t('card.mute')}
                choices={MUTE_CHOICES}
                name={(minutes) => t(`durations.m${minutes}`)}
                disabled={busy}
                onChoose={(minutes) =>
                  run(
                    'api/Live/setTaboo',
                    { ...channelParams(channel), user_id: sender.user_id, minutes },
                    t('card.mutedDone'),
                  )
                }
              />
              <button
                type="button"
                disabled={busy}
                className={action}
                onClick={() =>
                  run(
                    'api/RoomManage/relieveTaboo',
                    { ...channelParams(channel), user_id: sender.user_id },
                    t('card.unmutedDone'),
                  )
                }
              >
                {t('card.unmute')}
              </button>
              {channel.kind === 'live' ? (
                <DurationRow
                  label={t('card.kick')}
                  choices={KICK_CHOICES}
                  name={(minutes) => t(`kickDurations.m${minutes}`)}
                  disabled={busy}
                  onChoose={(minutes) =>
                    run(
                      'api/live/liveKickout',
                      { room_id: channel.id, user_id: sender.user_id, minutes },
                      t('card.kickedDone'),
                    )
                  }
                />
              ) : null}
              {viewer.role === 'anchor' && channel.kind === 'live' ? (
                <button
                  type="button"
                  disabled={busy}
                  className={action}
                  onClick={() =>
                    sender.role === 'admin'
                      ? run(
                          'api/RoomManage/delLiveRoomManage',
                          { user_id: sender.user_id },
                          t('card.revokedDone'),
                        )
                      : run(
                          'api/RoomManage/setAdministrations',
                          { user_id: sender.user_id },
                          t('card.appointedDone'),
                        )
                  }
                >
                  {sender.role === 'admin' ? t('card.revoke') : t('card.appoint')}
                </button>
              ) : null}
            </div>
          ) : null}
          {done ? (
            <p role="status" className="mt-3 text-xs text-win">
              {done}
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export function RoleBadge({ role }: { role: 'anchor' | 'admin' | 'operator' }) {
  const t = useTranslations('chat');
  const tone =
    role === 'anchor'
      ? 'bg-live text-white'
      : role === 'admin'
        ? 'bg-brand-500 text-white'
        : 'bg-ink-700 text-white';
  return (
    <span
      data-role={role}
      className={`inline-flex h-4 shrink-0 items-center rounded px-1 text-[10px] leading-none font-medium ${tone}`}
    >
      {t(`roles.${role}`)}
    </span>
  );
}
