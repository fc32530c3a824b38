// The room chat's footer: a guest's sign-in button, the fans-only or muted notice, or the composer (emoji,
// a line of up to 500 characters with its count near the end, send). A sent line is relayed to the
// channel and handed to `onSent`; a refusal shows its reason under the field (sent by useFormPost); a
// retry of a line whose answer was lost carries the same key and answers the stored line.
import { useTranslations } from 'next-intl';
import { type FormEvent, useRef, useState } from 'react';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import type { ChatMessage } from '@/lib/realtime/events';
import { openLoginDialog } from '@/lib/store/atoms';
import { type ChatChannel, channelParams, relayToChannel } from './channel-socket';
import type { ViewerState } from './chat-viewer-state';
import { EmojiPicker, insertAtCaret } from './emoji-picker';

const MESSAGE_MAX = 500;

export function ChatComposer({
  channel,
  viewerId,
  state,
  onSent,
}: {
  channel: ChatChannel;
  viewerId: number | null;
  state: ViewerState | undefined;
  onSent: (message: ChatMessage) => void;
}) {
  const t = useTranslations('chat');
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // A line sent again after its answer was lost is the same line (its key), not a second one.
  const keys = useRetryKey();
  const sender = useFormPost<object, ChatMessage>('api/live/sendChatSensitive', {
    failed: t('sendFailed'),
    onSuccess: (sent) => {
      keys.succeeded();
      relayToChannel(channel, { type: 'chat', ...channelParams(channel), data: sent });
      setDraft('');
      onSent(sent);
    },
  });
  const sending = sender.isPending;
  const error = sender.error;

  const send = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || sending) return;
    const intent = { ...channelParams(channel), content };
    sender.mutate({ ...intent, key: keys.for(intent) });
  };

  const insertEmoji = (char: string) => insertAtCaret(inputRef.current, draft, char, MESSAGE_MAX, setDraft);

  const mutedText = state?.muted
    ? state.muted_until
      ? t('mutedUntil', {
          minutes: Math.max(1, Math.ceil((Date.parse(state.muted_until) - Date.now()) / 60_000)),
        })
      : t('mutedBroadcast')
    : null;

  return (
    <footer className="shrink-0 border-t border-line p-2">
      {viewerId === null ? (
        <button
          type="button"
          onClick={() => openLoginDialog()}
          className="h-9 w-full rounded-lg bg-brand-50 text-sm font-medium text-brand-600 hover:bg-brand-100"
        >
          {t('loginToChat')}
        </button>
      ) : state?.may_speak === false ? (
        <p
          data-testid="chat-fans-only"
          className="flex h-9 items-center justify-center rounded-lg bg-canvas px-3 text-xs text-ink-500"
        >
          {t('fansOnlyHint')}
        </p>
      ) : mutedText ? (
        <p
          data-testid="chat-muted"
          className="flex h-9 items-center justify-center rounded-lg bg-canvas px-3 text-xs text-ink-500"
        >
          {mutedText}
        </p>
      ) : (
        <form onSubmit={send} className="flex items-center gap-1">
          <EmojiPicker onPick={insertEmoji} disabled={sending} label={t('emoji')} />
          <label className="relative min-w-0 flex-1">
            <span className="sr-only">{t('messagePrompt')}</span>
            <input
              ref={inputRef}
              value={draft}
              maxLength={MESSAGE_MAX}
              onChange={(event) => {
                setDraft(event.target.value);
                sender.reset();
              }}
              placeholder={t('messagePrompt')}
              data-testid="chat-input"
              className="h-9 w-full rounded-lg border border-line bg-canvas pr-14 pl-3 text-sm outline-none focus:border-brand-400 focus:bg-surface"
            />
            {draft.length > MESSAGE_MAX - 100 ? (
              <span className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-[11px] text-ink-500 tabular-nums">
                {draft.length}/{MESSAGE_MAX}
              </span>
            ) : null}
          </label>
          <button
            type="submit"
            disabled={sending || draft.trim().length === 0}
            className="h-9 shrink-0 rounded-lg bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-50"
          >
            {t('send')}
          </button>
        </form>
      )}
      {error ? (
        <p role="alert" data-testid="chat-error" className="mt-1 px-1 text-xs text-live">
          {error}
        </p>
      ) : null}
    </footer>
  );
}
